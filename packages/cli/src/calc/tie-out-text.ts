import type { TieOut } from '@lotwise/reports/tie-out/types';

/** Lines of a table (output.ts's `table`), and a figure with thousands separators. */
type Table = (header: string[], rows: string[][]) => string;
type Money = (value: string) => string;

/** With --1099da: per tax year, the tie-out's lines per status and per Form 8949 box (as in --json). */
export function tieOutText(
  tieOut: Record<string, Pick<TieOut, 'byStatus' | 'byBox'>>,
  table: Table,
  money: Money,
): string[] {
  const parts: string[] = [];
  for (const [year, t] of Object.entries(tieOut)) {
    const statusRows = Object.entries(t.byStatus).map(([status, s]) => [
      status.replace(/_/g, ' '),
      String(s.count),
      money(s.brokerProceeds),
      money(s.lotwiseProceeds),
    ]);
    parts.push('', `Form 1099-DA tie-out ${year}`);
    parts.push(table(['Status', 'Lines', 'Broker proceeds', 'Lotwise proceeds'], statusRows));
    const boxRows = Object.entries(t.byBox).map(([box, b]) => [
      box,
      String(b.count),
      money(b.proceeds),
      money(b.costBasis),
      money(b.adjustment),
      money(b.gain),
    ]);
    parts.push('', `Form 8949 by box ${year}`);
    parts.push(
      boxRows.length > 0
        ? table(['Box', 'Lines', '(d) Proceeds', '(e) Cost basis', '(g) Adjustment', '(h) Gain'], boxRows)
        : '(none)',
    );
  }
  return parts;
}
