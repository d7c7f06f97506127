import type { YearDetail } from '@lotwise/contracts/tax/year';
import { type Form8949Line, form8949, totalsOf } from '@lotwise/reports/form8949';
import { incomeReport } from '@lotwise/reports/income';
import type { ReportModel } from '@lotwise/reports/model';
import { Dec, plain, ZERO } from '@lotwise/reports/money';

type Figures = Omit<
  YearDetail,
  'year' | 'method' | 'basis' | 'calculated_at' | 'stale' | 'warnings' | 'warnings_total' | 'warning_groups'
>;

/** A term's rounded totals; proceeds and gain unknown (null) when a sale has no price. */
function termOf(lines: readonly Form8949Line[]) {
  const t = totalsOf(lines);
  return {
    proceeds: t.proceedsMissing > 0 ? null : t.proceeds,
    cost_basis: t.basisMissing > 0 ? null : t.costBasis,
    gain: t.missing > 0 ? null : t.gain,
    count: lines.length,
    missing_prices: t.missing,
  };
}

/** "06/01/2024" → "2024-06". */
function monthOf(usDay: string): string {
  const m = /^(\d{2})\/\d{2}\/(\d{4})$/.exec(usDay);
  return m ? `${m[2]}-${m[1]}` : usDay;
}

function byMonth(lines: readonly Form8949Line[]) {
  const months = new Map<string, { short: Dec; long: Dec }>();
  for (const line of lines) {
    const key = monthOf(line.dateSold);
    const entry = months.get(key) ?? { short: ZERO, long: ZERO };
    if (line.term === 'short') entry.short = entry.short.plus(line.gain);
    else entry.long = entry.long.plus(line.gain);
    months.set(key, entry);
  }
  return [...months.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, v]) => ({ month, short_term: plain(v.short), long_term: plain(v.long) }));
}

function byAsset(lines: readonly Form8949Line[], limit = 12) {
  const assets = new Map<string, Dec>();
  for (const line of lines) assets.set(line.asset, (assets.get(line.asset) ?? ZERO).plus(line.gain));
  return [...assets.entries()]
    .sort(([, a], [, b]) => b.abs().comparedTo(a.abs()))
    .slice(0, limit)
    .map(([asset, gain]) => ({ asset, gain: plain(gain) }));
}

/**
 * What the one-year page shows, computed with the reports' own rounding (every row to cents,
 * totals as sums of rounded rows), so the screen, the CSV and the PDF agree to the cent.
 */
export function yearFigures(model: ReportModel): Figures {
  const data = form8949(model);
  const lines = data.parts.flatMap((p) => p.lines);
  const short = lines.filter((l) => l.term === 'short');
  const long = lines.filter((l) => l.term === 'long');
  const income = incomeReport(model);
  const all = totalsOf(lines);
  return {
    currency: model.currency,
    missing_prices: model.missingPrices,
    short_term: termOf(short),
    long_term: termOf(long),
    net_gain: all.missing > 0 ? null : plain(new Dec(all.gain)),
    income_total: income.missing > 0 ? null : income.total,
    income_missing_prices: income.missing,
    income_by_type: income.byType.map((t) => ({
      type: t.type,
      label: t.label,
      count: t.count,
      value: t.missing > 0 ? null : t.value,
    })),
    // A sale without a price has no known gain: the charts leave it out (the page says so).
    gains_by_month: byMonth(lines.filter((l) => !l.missingPrice && !l.basisUnknown)),
    gains_by_asset: byAsset(lines.filter((l) => !l.missingPrice && !l.basisUnknown)),
  };
}
