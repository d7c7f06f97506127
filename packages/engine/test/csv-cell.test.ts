import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from '../src/csv-cell.ts';

describe('csvCell: the one CSV cell writer (issue 29.5)', () => {
  it('gives a cell a spreadsheet would run a leading apostrophe, then quotes it when needed', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""x"")"`,
    );
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('@SUM(1)')).toBe("'@SUM(1)");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('\tTabbed')).toBe("'\tTabbed");
    expect(csvCell('\rReturned')).toBe(`"'\rReturned"`);
    expect(csvCell('-')).toBe("'-");
    expect(csvCell('=')).toBe("'=");
    // OWASP's list adds these for some spreadsheet engines: `|` (DDE) and `%` (macro).
    expect(csvCell('|calc!A0')).toBe("'|calc!A0");
    expect(csvCell("%0A-1+cmd|' /C calc'!A0")).toBe(`'%0A-1+cmd|' /C calc'!A0`);
    expect(csvCell('%')).toBe("'%");
    // Inside a cell they are harmless: only the first character counts.
    expect(csvCell('50%')).toBe('50%');
    expect(csvCell('a|b')).toBe('a|b');
  });

  it('leaves plain numbers, negative ones included, and ordinary text alone', () => {
    expect(csvCell('+3')).toBe("'+3");
    for (const n of ['-12.50', '-0.00000001', '-.5', '12.50', '0', '1e-8']) expect(csvCell(n)).toBe(n);
    expect(csvCell('Coinbase')).toBe('Coinbase');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(-7)).toBe('-7');
  });

  it('csvLine joins cells with commas', () => {
    expect(csvLine(['=1', '-1', 'x'])).toBe("'=1,-1,x");
  });
});
