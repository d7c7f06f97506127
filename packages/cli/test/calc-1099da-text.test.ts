import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runNode } from './run-node.ts';

const here = dirname(fileURLToPath(import.meta.url));
const bin = join(here, '../../../apps/cli/bin/lotwise.mjs');
const dir = join(here, '../../../fixtures/1099-da/tie-out');

/* Issue 31: without --json, `lotwise calc --1099da` prints the tie-out (the JSON's byStatus, byBox). */
describe('lotwise calc --1099da: the tie-out in the text output', { timeout: 60_000 }, () => {
  it('prints each status and each Form 8949 box of the year with the fixture’s figures', async () => {
    const r = await runNode(
      [
        bin,
        'calc',
        join(dir, 'coinbase-ledger.csv'),
        join(dir, 'ledger-wallet.csv'),
        '--1099da',
        `coinbase-ledger=${join(dir, 'coinbase-1099da-2025.csv')}`,
        '--year',
        '2025',
        '--offline',
      ],
      { PRICE_PROVIDERS: 'none' },
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const expected = [
      'Form 1099-DA tie-out 2025',
      'Status           Lines  Broker proceeds  Lotwise proceeds',
      '---------------  -----  ---------------  ----------------',
      'matches              1        10,000.00         10,000.00',
      'proceeds differ      2         5,210.00          5,150.00',
      'basis differs        5        14,610.00         14,610.00',
      'term differs         1         1,500.00          1,500.00',
      'form only            3         8,003.00              0.00',
      'lotwise only         3             0.00         10,900.00',
      '',
      'Form 8949 by box 2025',
      'Box  Lines  (d) Proceeds  (e) Cost basis  (g) Adjustment  (h) Gain',
      '---  -----  ------------  --------------  --------------  --------',
      'G        4     22,030.00       16,525.00          475.00  5,980.00',
      'H        2      7,500.00        6,500.00            0.00  1,000.00',
      'J        2      1,580.00        1,060.00           10.00    530.00',
      'K        1        210.00          150.00          -10.00     50.00',
      'I        2     10,000.00        6,000.00            0.00  4,000.00',
      'L        1        900.00          600.00            0.00    300.00',
      '',
      'Warnings: 1',
    ].join('\n');
    expect(r.stdout).toContain(`\n\n${expected}\n`);
  });
});
