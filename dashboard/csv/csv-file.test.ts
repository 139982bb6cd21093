import { describe, expect, it } from 'vitest';
import { escapeCell, unescapeCell } from './csv-file';

describe('CSV cells', () => {
  it('escapes formulas and undoes it, but leaves phone numbers alone', () => {
    for (const value of ['=SUM(A1)', '@cmd', '-x', "'=already", "''=twice", 'plain', "'quoted", '+1 555 000 1111', '-12.5', '']) {
      expect(unescapeCell(escapeCell(value))).toBe(value);
    }
    expect(escapeCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(escapeCell('+1 555 000 1111')).toBe('+1 555 000 1111');
  });
});
