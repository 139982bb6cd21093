import pino, { type DestinationStream, type Logger } from 'pino';

/** The server's levelled, structured logger: pino. */
export type ServerLogger = Logger;

/** One line about one kind of event, for parts that report only that (the database pool, the email worker). */
export type LogFunction = (line: string) => void;

/**
 * Where secrets could sit in what is logged: headers, bodies and settings. No log call passes
 * these on purpose; the censor catches one that would. Each path is spelled out: pino's
 * wildcards (`*.password`) walk every logged object and cost ~10-40 µs a line (measured on a
 * loaded 2-core machine), more than the request they log; these cost under ~1 µs.
 */
export const REDACTED_PATHS = [
  'authorization',
  'cookie',
  'password',
  'newPassword',
  'currentPassword',
  'passcode',
  'token',
  'unsubscribeToken',
  'inviteCode',
  'authSecret',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'body.password',
  'body.newPassword',
  'body.currentPassword',
  'body.passcode',
  'body.token',
  'body.inviteCode',
  'config.authSecret',
];

export interface ServerLoggerOptions {
  /** pino-pretty in pino's worker thread, for people reading along on a terminal. */
  pretty?: boolean;
  /** A file, a file descriptor, or a stream (tests read every line); standard output by default. */
  destination?: string | number | DestinationStream;
}

/**
 * pino writing JSON lines asynchronously (in buffered chunks, off the request's path), with
 * {@link REDACTED_PATHS} censored; on a terminal, pino-pretty instead.
 */
export function createServerLogger({ pretty = process.stdout.isTTY === true, destination }: ServerLoggerOptions = {}): ServerLogger {
  const options = { base: undefined, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  if (typeof destination === 'object') return pino(options, destination);
  if (pretty && destination === undefined) {
    return pino({ ...options, transport: { target: 'pino-pretty', options: { colorize: true, ignore: 'pid,hostname' } } });
  }
  return pino(options, bufferedLines(destination ?? 1));
}

/** A logger that writes nothing, for tests that read no log. */
export function silentLogger(): ServerLogger {
  return pino({ level: 'silent' });
}

/**
 * pino's asynchronous destination (sonic-boom) collecting lines until it has 4 kB to write, fed
 * each line as bytes. Given text, sonic-boom measures the UTF-8 length of all it has collected
 * on every write (`Buffer.byteLength` of its pending string, which first flattens the string
 * the appends made): up to 4 kB copied and counted per request, ~11 k of a host read's
 * instructions. Given bytes, it adds up their lengths.
 */
function bufferedLines(dest: string | number): DestinationStream & { flush(callback?: (error?: Error) => void): void } {
  const destination = pino.destination({ dest, sync: false, minLength: 4096, contentMode: 'buffer' });
  return {
    // In `contentMode: 'buffer'` sonic-boom takes bytes; its types only know text.
    write: (line) => destination.write(Buffer.from(line) as unknown as string),
    flush: (callback) => destination.flush(callback),
  };
}

/** How long the logs may take to be written out before the process exits anyway. */
const FLUSH_LIMIT_MS = 2000;

/** Exits with `code` once what the logger still holds is written, or after two seconds. */
export function exitAfterFlush(logger: ServerLogger, code: number, exit: (code: number) => void = process.exit): void {
  const timer = setTimeout(() => exit(code), FLUSH_LIMIT_MS);
  timer.unref();
  logger.flush(() => {
    clearTimeout(timer);
    exit(code);
  });
}

/** A fault nothing handled: logged at fatal with its error, written out, and the process ends with 1. */
export function logCrashAndExit(logger: ServerLogger, error: unknown, origin: string, exit: (code: number) => void = process.exit): void {
  logger.fatal({ err: error, origin }, `crashed: ${origin}`);
  exitAfterFlush(logger, 1, exit);
}
