import { RegisterBody } from '@matnat/contract';
import { hashPassword } from '../auth/passwords.js';
import { randomToken } from '../auth/tokens.js';
import { findUserByEmail } from '../auth/users.js';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { CliError, type CliIo, type Command, EXIT, print } from './command.js';
import { checkDatabase } from './reachable.js';
import { configFrom } from './setup.js';

/** The first line of standard input (a password piped in, never on the command line or in `ps`). */
async function firstLine(stdin: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

async function passwordOf(
  values: Record<string, unknown>,
  io: CliIo,
): Promise<{ password: string; made: boolean }> {
  if (values['password-stdin']) return { password: await firstLine(io.stdin), made: false };
  return { password: randomToken(18), made: true };
}

export const userCreateCommand: Command = {
  summary: 'create a user with a password (an admin with --admin)',
  usage: 'user:create EMAIL --name NAME [--admin] [--password-stdin]',
  help: [
    "--name NAME        the user's name (required)",
    '--admin            the user is an admin (manages users, devices and teams)',
    '--password-stdin   read the password from the first line of standard input; without it a random',
    '                   password is made and printed once',
    '',
    'Example: printf "%s\\n" "$PASSWORD" | matnat user:create ops@example.se --name "Drift" --admin --password-stdin',
  ].join('\n'),
  options: { name: { type: 'string' }, admin: { type: 'boolean' }, 'password-stdin': { type: 'boolean' } },
  positionals: 1,
  async run({ values, positionals }, io) {
    const { password, made } = await passwordOf(values, io);
    const parsed = RegisterBody.safeParse({
      name: values.name ?? '',
      email: positionals[0],
      password,
      password_confirmation: password,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = String(issue.path[0] ?? 'input');
      const option = field === 'email' ? 'EMAIL' : field === 'name' ? '--name' : '--password-stdin';
      throw new CliError(`${option}: ${issue.message}`, EXIT.usage);
    }
    const { name, email } = parsed.data;
    const config = configFrom(io);
    await checkDatabase(config);
    const database = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
    try {
      await migrateToLatest(database.db);
      if (await findUserByEmail(database.db, email)) throw new CliError(`${email} already has an account`);
      const at = new Date().toISOString();
      const user = await database.db
        .insertInto('users')
        .values({
          name,
          email,
          password_hash: await hashPassword(password, config.password),
          photo_url: null,
          is_admin: values.admin ? 1 : 0,
          email_verified_at: at,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      print(io.out, `created user ${user.id} ${email}${values.admin ? ' (admin)' : ''}`);
      if (made) print(io.out, `password: ${password}  (shown once; change it under Din profil)`);
      return EXIT.ok;
    } finally {
      await database.close();
    }
  },
};
