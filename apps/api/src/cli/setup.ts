import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { type Config, ConfigError, loadConfig } from '../config.js';
import { CliError, type CliIo, EXIT } from './command.js';

/** The configuration from the command's environment; bad settings are a CliError naming them (exit 78). */
export function configFrom(io: CliIo): Config {
  try {
    return loadConfig(io.env);
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.message, EXIT.config);
    throw error;
  }
}

/** JSON log lines on stderr (stdout is the command's own output), as the server writes them. */
export function cliLogger(config: Config): FastifyBaseLogger {
  return pino({ level: config.logLevel }, pino.destination(2)) as unknown as FastifyBaseLogger;
}
