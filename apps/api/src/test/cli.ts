import { Readable, Writable } from 'node:stream';
import type { CliIo } from '../cli/command.js';
import { runCli } from '../cli.js';

/** `matnat …` in this process, with its own environment, output and input (cheap password hashing). */
export async function matnatInProcess(argv: string[], env: NodeJS.ProcessEnv = {}, stdin = '') {
  let out = '';
  let err = '';
  const sink = (append: (text: string) => void) =>
    new Writable({
      write(chunk, _encoding, done) {
        append(String(chunk));
        done();
      },
    });
  const io: CliIo = {
    out: sink((t) => {
      out += t;
    }),
    err: sink((t) => {
      err += t;
    }),
    env: { ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1', ...env },
    stdin: Readable.from([stdin]),
  };
  const code = await runCli(argv, io);
  return { code, out, err, errLines: err.trim().split('\n').filter(Boolean) };
}
