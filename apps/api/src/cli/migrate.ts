import { migrateToLatest, migrationStatus, openDatabase } from '../db/database.js';
import { CliError, type Command, EXIT, print } from './command.js';
import { checkDatabase } from './reachable.js';
import { configFrom } from './setup.js';

export const migrateCommand: Command = {
  summary: 'show which migrations have run (status) or run the pending ones (up)',
  usage: 'migrate <status|up>',
  help: [
    'status  every migration of this version, applied (with its time) or pending; exit 0 either way',
    'up      runs the pending migrations in order (serve also does this when it starts)',
  ].join('\n'),
  positionals: 1,
  async run({ positionals }, io) {
    const action = positionals[0];
    if (action !== 'status' && action !== 'up')
      throw new CliError(
        `unknown action "${action}": matnat migrate status, or matnat migrate up`,
        EXIT.usage,
      );
    const config = configFrom(io);
    await checkDatabase(config);
    const database = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
    try {
      if (action === 'up') {
        const result = await migrateToLatest(database.db);
        const ran = result.results ?? [];
        for (const r of ran) print(io.out, `applied  ${r.migrationName}`);
        print(io.out, ran.length === 0 ? 'nothing to do: the schema is current' : `${ran.length} applied`);
        return EXIT.ok;
      }
      const status = await migrationStatus(database.db);
      for (const m of status)
        print(
          io.out,
          m.executedAt ? `applied  ${m.name}  ${m.executedAt.toISOString()}` : `pending  ${m.name}`,
        );
      const pending = status.filter((m) => !m.executedAt).length;
      print(io.out, pending === 0 ? 'the schema is current' : `${pending} pending: run matnat migrate up`);
      return EXIT.ok;
    } finally {
      await database.close();
    }
  },
};
