import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Per tax year, the transactions of a stored calculation with a missing price — the one count
 * (issue 35.3) the Tax Center list, the one-year page, every report and download and the web
 * app's warnings before a download show. Its definition is @lotwise/reports/incomplete's: the
 * transactions the engine flagged `missing_price`, by their tax year, each once (stored as one
 * `tax_transaction_status` row per transaction).
 */
export async function missingPriceCounts(
  db: Kysely<Database>,
  calcId: number,
  year?: number,
): Promise<Map<number, number>> {
  let query = db
    .selectFrom('tax_transaction_status')
    .select((eb) => ['year', eb.fn.count<number>('transaction_id').distinct().as('n')])
    .where('calc_id', '=', calcId)
    .where('missing_price', '=', true);
  if (year !== undefined) query = query.where('year', '=', year);
  const rows = await query.groupBy('year').execute();
  return new Map(rows.filter((r) => r.year !== null).map((r) => [Number(r.year), Number(r.n)]));
}

/** A figure of the Tax Center's year row that rests on a missing price. */
export type UnknownFigure = 'proceeds' | 'cost_basis' | 'short_term_gain' | 'long_term_gain' | 'income';

/**
 * Per tax year, the figures of its Tax Center row that are unknown (shown as Unknown, never
 * $0.00): proceeds and the term's gain when a sale has no price, cost basis and the gain when a
 * lot sold was acquired without one, income when a receipt has none — the reports' rule
 * (reports/form8949.ts). Reads the lines only when the calculation has missing prices at all.
 */
export async function unknownFigures(
  db: Kysely<Database>,
  calcId: number,
): Promise<Map<number, UnknownFigure[]>> {
  const unpriced = await db
    .selectFrom('tax_transaction_status')
    .select('transaction_id')
    .where('calc_id', '=', calcId)
    .where('missing_price', '=', true)
    .execute();
  const out = new Map<number, Set<UnknownFigure>>();
  if (unpriced.length === 0) return new Map();
  const ids = new Set(unpriced.map((r) => String(r.transaction_id)));
  const add = (year: number, ...figures: UnknownFigure[]) => {
    const set = out.get(year) ?? new Set<UnknownFigure>();
    for (const f of figures) set.add(f);
    out.set(year, set);
  };
  const [disposals, income] = await Promise.all([
    db
      .selectFrom('tax_disposals')
      .select(['year', 'term', 'missing_price', 'lots'])
      .where('calc_id', '=', calcId)
      .where('taxable', '=', true)
      .execute(),
    db
      .selectFrom('tax_income')
      .select('year')
      .distinct()
      .where('calc_id', '=', calcId)
      .where('missing_price', '=', true)
      .execute(),
  ]);
  for (const d of disposals) {
    const gain = d.term === 'long' ? 'long_term_gain' : 'short_term_gain';
    if (d.missing_price) add(d.year, 'proceeds', gain);
    const lots = JSON.parse(d.lots) as Array<{ lotId: string | null }>;
    if (lots.some((l) => l.lotId !== null && (ids.has(l.lotId) || ids.has(l.lotId.replace(/:extra$/, ''))))) {
      add(d.year, 'cost_basis', gain);
    }
  }
  for (const i of income) add(i.year, 'income');
  return new Map([...out].map(([year, set]) => [year, [...set].sort()]));
}
