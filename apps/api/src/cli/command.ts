import type { Writable } from 'node:stream';
import type { ParseArgsConfig } from 'node:util';

/** Where a command writes and what environment it reads: the process's own, or a test's. */
export interface CliIo {
  out: Writable;
  err: Writable;
  env: NodeJS.ProcessEnv;
  /** Standard input, for `--password-stdin`. */
  stdin: NodeJS.ReadableStream;
}

/** Exit statuses: 64 a wrong command line, 78 a setting that cannot work (sysexits.h, and systemd's RestartPreventExitStatus). */
export const EXIT = { ok: 0, failed: 1, usage: 64, config: 78 } as const;

/** A failure the command explains in one line (no stack trace); `setting` names the setting at fault. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.failed,
    readonly setting?: string,
  ) {
    super(setting ? `${setting}: ${message}` : message);
    this.name = 'CliError';
  }
}

export interface Command {
  /** One line for the command list. */
  summary: string;
  /** `matnat migrate <status|up>`: the usage line after `matnat`. */
  usage: string;
  /** What `--help` prints below the usage line. */
  help: string;
  options?: ParseArgsConfig['options'];
  /** Positional arguments: exactly this many (a number) or at most (`{ max }`). */
  positionals?: number | { max: number };
  run(
    input: { values: Record<string, string | boolean | undefined>; positionals: string[] },
    io: CliIo,
  ): Promise<number>;
}

export function print(stream: Writable, text: string): void {
  stream.write(`${text}\n`);
}
