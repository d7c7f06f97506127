import { FIAT_CODES } from '@lotwise/contracts/transactions/fiat';
import { type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Where a transaction's tax status (missing price, insufficient balance) comes from: the
 * user's latest complete tax calculation (tax_transaction_status), or — before any
 * calculation — a derived "missing price" (no fiat value and no fiat leg) and no
 * insufficient balances (only the engine can tell those).
 */
export interface StatusSource {
  calcId: number | null;
  /** When that calculation started (what it took in), null before any. */
  calcStartedAt: string | null;
}

type Eb = ExpressionBuilder<Database, 'transactions'>;

export async function loadStatusSource(db: Kysely<Database>, userId: number): Promise<StatusSource> {
  const calc = await db
    .selectFrom('tax_calculations')
    .select(['id', 'created_at'])
    .where('user_id', '=', userId)
    .where('status', '=', 'complete')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { calcId: calc?.id ?? null, calcStartedAt: calc?.created_at ?? null };
}

const fiatList = sql.join(FIAT_CODES.map((c) => sql.lit(c)));

/** No fiat value and neither leg in fiat: the price has to come from elsewhere. */
export function derivedMissingPrice(eb: Eb) {
  return eb.and([
    eb('transactions.fiat_value', 'is', null),
    // A manual per-token price values the row (as manualFiatValue does for the engine).
    eb.or([
      sql<SqlBool>`${sql.ref('transactions.manual_price')} = ${sql.lit(false)}`,
      eb.and([eb('transactions.sent_price', 'is', null), eb('transactions.received_price', 'is', null)]),
    ]),
    eb.or([
      eb('transactions.sent_asset', 'is', null),
      sql<SqlBool>`transactions.sent_asset not in (${fiatList})`,
    ]),
    eb.or([
      eb('transactions.received_asset', 'is', null),
      sql<SqlBool>`transactions.received_asset not in (${fiatList})`,
    ]),
  ]);
}

export function missingPrice(eb: Eb, source: StatusSource) {
  if (source.calcId === null) return derivedMissingPrice(eb);
  return eb(
    'transactions.id',
    'in',
    eb
      .selectFrom('tax_transaction_status as s')
      .select('s.transaction_id')
      .where('s.calc_id', '=', source.calcId)
      .where('s.missing_price', '=', true),
  );
}

export function sellWithoutBuy(eb: Eb, source: StatusSource) {
  if (source.calcId === null) return sql<SqlBool>`1 = 0`;
  return eb(
    'transactions.id',
    'in',
    eb
      .selectFrom('tax_transaction_status as s')
      .select('s.transaction_id')
      .where('s.calc_id', '=', source.calcId)
      .where('s.sell_without_buy', '=', true),
  );
}

export interface RowStatus {
  missingPrice: boolean;
  sellWithoutBuy: boolean;
  sellWithoutBuyQuantity: string | null;
}

/** Statuses of the given rows from the calculation (one query; rows not listed are fine). */
export async function statusesOf(
  db: Kysely<Database>,
  source: StatusSource,
  ids: number[],
): Promise<Map<number, RowStatus>> {
  const out = new Map<number, RowStatus>();
  if (source.calcId === null || ids.length === 0) return out;
  const rows = await db
    .selectFrom('tax_transaction_status')
    .select(['transaction_id', 'missing_price', 'sell_without_buy', 'sell_without_buy_quantity'])
    .where('calc_id', '=', source.calcId)
    .where('transaction_id', 'in', ids)
    .execute();
  for (const r of rows) {
    out.set(Number(r.transaction_id), {
      missingPrice: Boolean(r.missing_price),
      sellWithoutBuy: Boolean(r.sell_without_buy),
      sellWithoutBuyQuantity: r.sell_without_buy_quantity,
    });
  }
  return out;
}
