import { createHash } from 'node:crypto';
import type { Form1099DaBoxes } from '@lotwise/contracts/tax/form-1099da';
import { Dec } from '@lotwise/reports/money';
import { plainDecimalText } from '@lotwise/reports/tie-out/cents';

/** A stored decimal as decimal.js writes it (`toFixed()`: "1.50000000" → "1.5"), or null. */
export const text = (v: unknown) => {
  if (v === null || v === undefined) return null;
  const s = String(v);
  return plainDecimalText(s) ?? new Dec(s).toFixed();
};

/** The boxes of a line that identify its sale (a stored line has them too: migration 000051). */
export type SaleBoxes = Pick<
  Form1099DaBoxes,
  'asset' | 'units' | 'date_acquired' | 'date_sold' | 'proceeds' | 'cost_basis' | 'federal_tax_withheld'
>;

/**
 * What identifies a sale on a line, in one fixed order, for the fingerprint: the asset (the
 * ticker when box 1a holds a DTIF code, the name or ticker otherwise: importers `assetOf`), the
 * dates, units, proceeds, basis and box 4, amounts by value ("30,000.00", "30000" and a blank or
 * "$0.00" box 4 alike). So the same paper form in another layout (IRS boxes, TaxBit, FDX) has the
 * same fingerprint; boxes a layout may leave out (box 2, 3a, 7, the checkbox) do not count.
 */
function saleKey(b: SaleBoxes): string {
  const amount = (v: string | null) => (v === null || v.trim() === '' ? null : text(v));
  return JSON.stringify([
    b.asset.toUpperCase(),
    amount(b.units),
    b.date_acquired,
    b.date_sold,
    amount(b.proceeds),
    amount(b.cost_basis),
    amount(b.federal_tax_withheld) ?? '0',
  ]);
}

/** Account, year and the lines' sales in any order: the same form again, in any layout, has the same one. */
export function formFingerprint(accountId: number, year: number, lines: readonly SaleBoxes[]): string {
  const hash = createHash('sha256').update(`${accountId}\n${year}\n`);
  for (const key of lines.map(saleKey).sort()) hash.update(key).update('\n');
  return hash.digest('hex');
}
