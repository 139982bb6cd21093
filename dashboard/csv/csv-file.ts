/** A spreadsheet as CSV text, read and written with papaparse. */
import Papa from 'papaparse';

/** Characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^'*[=+\-@\t\r]/;
/** A phone number or a plain number: harmless even when it starts with `+` or `-`. */
const NUMBER_LIKE = /^[+-]?[\d\s().\-/+]*$/;

/**
 * A cell as written to the file: values that a spreadsheet would run as a formula get a `'`
 * in front (CSV injection), undone by {@link unescapeCell} so import after export is lossless.
 */
export function escapeCell(value: string): string {
  return FORMULA_START.test(value) && !NUMBER_LIKE.test(value) ? `'${value}` : value;
}

/** Undoes {@link escapeCell}. */
export function unescapeCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) && !NUMBER_LIKE.test(value.slice(1)) ? value.slice(1) : value;
}

/** A parsed spreadsheet: its header row and the data rows (as text cells). */
export interface CsvTable {
  headers: string[];
  rows: string[][];
  /** Problems papaparse reported (unbalanced quotes, …). */
  errors: string[];
}

/** Parses CSV text (any line ending, optional BOM, delimiter detected); blank lines are skipped. */
export function parseCsv(text: string): CsvTable {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [head = [], ...rows] = result.data;
  return {
    headers: head.map((cell) => cell.trim()),
    rows: rows.map((row) => row.map(unescapeCell)),
    errors: result.errors.slice(0, 20).map((error) => `Line ${(error.row ?? 0) + 1}: ${error.message}`),
  };
}

/** CSV text with CRLF line ends, each cell escaped ({@link escapeCell}). */
export function writeCsv(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  return Papa.unparse({ fields: [...headers], data: rows.map((row) => row.map(escapeCell)) }, { newline: '\r\n' });
}
