import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runNode } from './run-node.ts';

const here = dirname(fileURLToPath(import.meta.url));
const bin = join(here, '../../../apps/cli/bin/lotwise.mjs');
const ledger = join(here, 'fixtures', 'calc', 'exchange.csv');

const HEADER =
  'Applicable checkbox on Form 8949,Box 1a Code for digital asset,Box 1b Name of digital asset,Box 1c Number of units,Box 1d Date acquired,Box 1e Date sold or disposed,Box 1f Proceeds,Box 1g Cost or other basis,Box 1h Accrued market discount,Box 1i Wash sale loss disallowed,Box 2 Basis reported to IRS,Box 3a Gross or net proceeds,Box 4 Federal income tax withheld,Box 5 Loss not allowed,Box 6 Gain or loss,Box 7 Proceeds only cash,Box 8 Customer-provided acquisition information,Box 9 Noncovered,Box 11a Qualifying stablecoins,Box 11b Specified NFTs,Box 11c Number of transactions';
const row = (sold: string) =>
  `G,BTC,Bitcoin,0.5,01/10/2025,${sold},$30000.00,$20000.00,,,X,Gross,,,S,Cash,,,,,`;
const SOLD = '"Box 1e Date sold or disposed"';

function form(lines: string[]) {
  const file = join(mkdtempSync(join(tmpdir(), 'lotwise-1099da-')), 'form.csv');
  writeFileSync(file, [HEADER, ...lines].join('\n'));
  return file;
}
const calc = (file: string) =>
  runNode([bin, 'calc', ledger, '--offline', '--1099da', `exchange=${file}`, '--json'], {
    PRICE_PROVIDERS: 'none',
  });

/*
 * Issue 31: the app refuses a 1099-DA line sold outside the form's tax year ("sold 2024-06-30,
 * not in tax year 2025"); the CLI applies the same rule. Form 1099-DA starts with tax year 2025,
 * and one file is one tax year: a line of another year is an error naming the line.
 */
describe('lotwise calc --1099da: the form’s tax year', { timeout: 60_000 }, () => {
  it('a line sold in 2024 is refused with its line and column, as the app does (no 2024 form)', async () => {
    const file = form([row('06/30/2024')]);
    const r = await calc(file);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `lotwise calc: ${file} line 2 column ${SOLD}: sold 2024-06-30, not in tax year 2025\n`,
    );
  });

  it('a file of 2025 lines with one line of 2024 names that line', async () => {
    const file = form([row('06/30/2024'), row('03/01/2025'), row('04/01/2025')]);
    const r = await calc(file);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `lotwise calc: ${file} line 2 column ${SOLD}: sold 2024-06-30, not in tax year 2025\n`,
    );
  });

  it('a file of one year from 2025 on is tied out as that year’s form', async () => {
    const r = await calc(form([row('03/01/2025')]));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(Object.keys(JSON.parse(r.stdout).tieOut ?? {})).toEqual(['2025']);
  });
});
