import { createServerLogger, type ServerLogger } from '../logger';

/** The server's logger (its levels and redaction) writing each JSON line into `lines`. */
export function memoryLogger(lines: string[]): ServerLogger {
  return createServerLogger({ destination: { write: (line: string) => void lines.push(line.trimEnd()) } });
}
