import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFile } from '../src/parse.ts';

/**
 * A fee amount whose currency cell is blank is a row error naming the currency column, never a
 * fee silently dropped (feeOf returned null for it). Each sample from fixtures/exchange-samples
 * with its first fee's currency blanked.
 */
const SAMPLES = path.resolve(import.meta.dirname, '../../../fixtures/exchange-samples');
const CASES: [file: string, fee: string, currency: string][] = [
  ['binance-trade-history-legacy.csv', 'Fee', 'Fee Coin'],
  ['binanceus-transaction-history.csv', 'Realized Amount for Fee Asset', 'Fee Asset'],
  ['bitfinex-trades.csv', 'FEE', 'FEE CURRENCY'],
  ['bitstamp-transactions-2024.csv', 'Fee', 'Fee currency'],
  ['kucoin-spot-filled-orders.csv', 'Fee', 'Fee Currency'],
  ['kucoin-spot-trade-history.csv', 'Fee', 'Fee Currency'],
];

describe('a fee whose currency is blank', () => {
  for (const [file, feeCol, curCol] of CASES) {
    it(`${file}: is a row error, not a dropped fee`, () => {
      const lines = readFileSync(path.join(SAMPLES, file), 'utf8').split(/\r?\n/);
      const header = (lines[0] ?? '').split(',');
      const [f, c] = [header.indexOf(feeCol), header.indexOf(curCol)];
      expect([f, c].every((i) => i >= 0)).toBe(true);
      const at = lines.findIndex((l, i) => {
        const cells = l.split(',');
        return i > 0 && cells[c] !== '' && /[1-9]/.test(cells[f] ?? '');
      });
      expect(at).toBeGreaterThan(0);
      const cells = (lines[at] as string).split(',');
      cells[c] = '';
      lines[at] = cells.join(',');
      const r = parseFile(new TextEncoder().encode(lines.join('\n')));
      const line = at + 1;
      expect(r.transactions.some((t) => t.source_lines.includes(line))).toBe(false);
      const error = r.errors.find((e) => e.line === line);
      expect(error).toMatchObject({ column: curCol });
      expect(error?.message).toContain('currency is missing for fee');
    });
  }
});
