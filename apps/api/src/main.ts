// The server's process entry: `node dist/main.js` (production) or `tsx src/main.ts` (development) runs
// `matnat serve`; `node dist/main.js <command> …` any other matnat command.
import { runCli } from './cli.js';

const args = process.argv.slice(2);
runCli(args.length > 0 ? args : ['serve']).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
