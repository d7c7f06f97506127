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
