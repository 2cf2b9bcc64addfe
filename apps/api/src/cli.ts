import { parseArgs } from 'node:util';
import { backupCommand, restoreCommand } from './cli/backup.js';
import { CliError, type CliIo, type Command, EXIT, print } from './cli/command.js';
import { configCheckCommand } from './cli/configCheck.js';
import { migrateCommand } from './cli/migrate.js';
import { seedCommand } from './cli/seed.js';
import { serveCommand } from './cli/serve.js';
import { userCreateCommand } from './cli/userCreate.js';

/** Every command of `matnat`, in the order `matnat --help` lists them. */
export const COMMANDS: Record<string, Command> = {
  serve: serveCommand,
  migrate: migrateCommand,
  seed: seedCommand,
  'user:create': userCreateCommand,
  backup: backupCommand,
  restore: restoreCommand,
  'config:check': configCheckCommand,
};

function overview(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  return [
    'matnat: the Mätnät API server and its operator commands',
    '',
    'Usage: matnat <command> [options]    (matnat <command> --help for one command)',
    '',
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
    '',
    'Settings come from environment variables: docs/operations.md.',
  ].join('\n');
}

function commandHelp(command: Command): string {
  return [`Usage: matnat ${command.usage}`, '', command.summary, '', command.help].join('\n');
}

function parse(command: Command, args: string[]) {
  try {
    const parsed = parseArgs({
      args,
      options: { ...command.options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    return parsed as { values: Record<string, string | boolean | undefined>; positionals: string[] };
  } catch (error) {
    const first = (error as Error).message.split(/(?<=\.) /)[0];
    throw new CliError(`${first} (see matnat ${command.usage.split(' ')[0]} --help)`, EXIT.usage);
  }
}

function checkPositionals(command: Command, positionals: string[]): void {
  const rule = command.positionals ?? 0;
  const ok = typeof rule === 'number' ? positionals.length === rule : positionals.length <= rule.max;
  if (!ok) throw new CliError(`usage: matnat ${command.usage}`, EXIT.usage);
}

const processIo = (): CliIo => ({
  out: process.stdout,
  err: process.stderr,
  env: process.env,
  stdin: process.stdin,
});

/**
 * Runs `matnat <command> …` and resolves with its exit status. Failures the command can explain are one
 * line on stderr (`matnat: DATABASE_URL: …`), never a stack trace.
 */
export async function runCli(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    print(name === undefined ? io.err : io.out, overview());
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const command = COMMANDS[name];
  if (!command) {
    print(io.err, `matnat: unknown command "${name}"\n\n${overview()}`);
    return EXIT.usage;
  }
  try {
    const input = parse(command, args);
    if (input.values.help) {
      print(io.out, commandHelp(command));
      return EXIT.ok;
    }
    checkPositionals(command, input.positionals);
    return await command.run(input, io);
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    for (const line of error.message.split('\n')) print(io.err, `matnat: ${line}`);
    return error.exitCode;
  }
}
