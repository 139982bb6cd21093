import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import Papa from 'papaparse';
import { ZipFile } from 'yazl';
import { EXPORT_LISTS } from '../../../core/schemas/data-rights';
import type { Database } from '../../db/schema';
import { readJsonColumn } from '../json-column';
import { EXPORT_SOURCES, exportPages, type ExportListSource } from './export-lists';

/**
 * An occasion's whole data as a ZIP stream: `occasion.json`, then every list of
 * {@link EXPORT_LISTS} as `<list>.csv` and `<list>.json`. Each file is read from the database only
 * when the ZIP reaches it, a page at a time, and only as fast as the client takes the bytes
 * (each file is a stream that yazl pulls), so an occasion of any size costs a page of memory.
 */
export function occasionExportZip(db: Kysely<Database>, occasionId: string, occasion: object): Readable {
  const zip = new ZipFile();
  const mtime = new Date();
  zip.addBuffer(Buffer.from(`${JSON.stringify(occasion, null, 2)}\n`), 'occasion.json', { mtime });
  for (const list of EXPORT_LISTS) {
    const source = EXPORT_SOURCES[list];
    zip.addReadStreamLazy(`${list}.csv`, { mtime }, (done) => done(null, Readable.from(csvText(db, occasionId, source))));
    zip.addReadStreamLazy(`${list}.json`, { mtime }, (done) => done(null, Readable.from(jsonText(db, occasionId, source))));
  }
  zip.end();
  return zip.outputStream as Readable;
}

/**
 * A CSV with a header row (RFC 4180, CRLF, UTF-8 with a byte-order mark so spreadsheets read
 * accents right). A text cell that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab,
 * CR first) is prefixed with `'`, so a guest's name cannot become a formula; ids (which may start
 * with `-`) are left as they are.
 */
async function* csvText(db: Kysely<Database>, occasionId: string, source: ExportListSource): AsyncGenerator<string> {
  const columns = [...source.columns];
  yield `\uFEFF${Papa.unparse([columns], { newline: '\r\n' })}\r\n`;
  for await (const page of exportPages(db, occasionId, source)) {
    const rows = page.map((row) => columns.map((column) => csvCell(column, row[column])));
    yield `${Papa.unparse(rows, { newline: '\r\n' })}\r\n`;
  }
}

const FORMULA_START = /^[=+\-@\t\r]/;
const isKey = (column: string): boolean => column === 'id' || column.endsWith('Id') || column === 'inviteCode';

function csvCell(column: string, value: unknown): unknown {
  if (value === null) return '';
  return typeof value === 'string' && !isKey(column) && FORMULA_START.test(value) ? `'${value}` : value;
}

/** A JSON array of objects, one row a line; JSON columns parsed. */
async function* jsonText(db: Kysely<Database>, occasionId: string, source: ExportListSource): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const page of exportPages(db, occasionId, source)) {
    const lines = page.map((row) => JSON.stringify(source.json ? parseJsonColumns(row, source.json) : row));
    yield `${first ? '\n' : ',\n'}${lines.join(',\n')}`;
    first = false;
  }
  yield first ? ']\n' : '\n]\n';
}

function parseJsonColumns(row: Record<string, unknown>, columns: readonly string[]): Record<string, unknown> {
  const out = { ...row };
  for (const column of columns) out[column] = readJsonColumn(row[column] as string, null);
  return out;
}
