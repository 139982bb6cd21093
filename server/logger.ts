import pino, { type Logger } from 'pino';

/** Structured fields of a log line: only what was chosen to be safe (never queries, tokens or bodies). */
export type LogFields = Record<string, string | number | boolean | null>;

/** One log call: a human-readable line and its fields. */
export type LogFunction = (line: string, fields?: LogFields) => void;

export interface ServerLogger {
  log: LogFunction;
  /** Writes out what is still buffered (before the process exits). */
  flush(): void;
}

/**
 * pino, JSON lines written asynchronously (in buffered chunks, off the request's path); on a
 * terminal, pino-pretty in pino's worker thread instead, for people reading along. `file`
 * replaces standard output (tests).
 */
export function createServerLogger(pretty = process.stdout.isTTY === true, file?: string): ServerLogger {
  const logger: Logger = pretty
    ? pino({ transport: { target: 'pino-pretty', options: { colorize: true, ignore: 'pid,hostname' } } })
    : pino({ base: undefined }, pino.destination({ dest: file ?? 1, sync: false, minLength: 4096 }));
  return {
    log: (line, fields) => logger.info(fields ?? {}, line),
    flush: () => logger.flush(),
  };
}
