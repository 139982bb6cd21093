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
    : pino({ base: undefined }, bufferedLines(file ?? 1));
  return {
    log: (line, fields) => logger.info(fields ?? {}, line),
    flush: () => logger.flush(),
  };
}

/**
 * pino's asynchronous destination (sonic-boom) collecting lines until it has 4 kB to write, fed
 * each line as bytes. Given text, sonic-boom measures the UTF-8 length of all it has collected
 * on every write (`Buffer.byteLength` of its pending string, which first flattens the string
 * the appends made): up to 4 kB copied and counted per request, ~11 k of a host read's
 * instructions. Given bytes, it adds up their lengths.
 */
function bufferedLines(dest: string | number): { write(line: string): void; flush(callback?: (error?: Error) => void): void } {
  const destination = pino.destination({ dest, sync: false, minLength: 4096, contentMode: 'buffer' });
  return {
    // In `contentMode: 'buffer'` sonic-boom takes bytes; its types only know text.
    write: (line) => destination.write(Buffer.from(line) as unknown as string),
    flush: (callback) => destination.flush(callback),
  };
}
