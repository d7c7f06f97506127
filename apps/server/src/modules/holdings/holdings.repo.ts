import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Kinds whose fiat value is a market price of the crypto legs (spec: "latest buy/sell"). */
const PRICED_KINDS = ['buy', 'sell', 'trade'];

export interface LotRow {
  wallet: string;
  asset: string;
  amount: string;
  cost_basis: string;
  acquired_at: string;
  /** Acquired by a transaction with a missing price: its cost basis is unknown (not its stored 0). */
  basis_unknown: boolean;
}

export interface PriceRow {
  id: number;
  timestamp: string;
  fiat_value: string;
  amount: string;
}

/**
 * Read-only access to what the tax calculation stored (tax_calculations, tax_holdings) and to
 * the user's transactions for the latest known unit price. Every query is scoped to one user.
 */
export class HoldingsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  latestComplete(userId: number) {
    return this.db
      .selectFrom('tax_calculations')
      .select(['id', 'finished_at', 'input_version'])
      .where('user_id', '=', userId)
      .where('status', '=', 'complete')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async inProgress(userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('tax_calculations')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', 'in', ['queued', 'running'])
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Open lots of a calculation, optionally of one wallet. The calculation must be the user's. */
  async lots(userId: number, calcId: number, wallet?: string): Promise<LotRow[]> {
    let query = this.db
      .selectFrom('tax_holdings as h')
      .innerJoin('tax_calculations as c', 'c.id', 'h.calc_id')
      .select(['h.wallet', 'h.asset', 'h.amount', 'h.cost_basis', 'h.acquired_at', 'h.lot_id'])
      .where('c.user_id', '=', userId)
      .where('h.calc_id', '=', calcId);
    if (wallet !== undefined) query = query.where('h.wallet', '=', wallet);
    const [rows, unpriced] = await Promise.all([query.orderBy('h.id').execute(), this.unpriced(calcId)]);
    return rows.map((r) => ({
      wallet: r.wallet,
      asset: r.asset,
      amount: String(r.amount),
      cost_basis: String(r.cost_basis),
      acquired_at: r.acquired_at,
      basis_unknown: lotUnpriced(r.lot_id, unpriced),
    }));
  }

  /** Ids of the calculation's transactions with a missing price (a lot's id is its acquisition's). */
  async unpriced(calcId: number): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('tax_transaction_status')
      .select('transaction_id')
      .where('calc_id', '=', calcId)
      .where('missing_price', '=', true)
      .execute();
    return new Set(rows.map((r) => String(r.transaction_id)));
  }

  /**
   * The user's most recent buy, sell or trade of `asset` with a fiat value in `currency`,
   * with the amount of the asset's leg; ignored rows do not count.
   */
  async latestPrice(userId: number, asset: string, currency: string): Promise<PriceRow | undefined> {
    const rows = await this.db
      .selectFrom('transactions')
      .select([
        'id',
        'timestamp',
        'fiat_value',
        'sent_asset',
        'sent_amount',
        'received_asset',
        'received_amount',
      ])
      .where('user_id', '=', userId)
      .where('ignored', '=', false)
      .where('kind', 'in', PRICED_KINDS)
      .where('fiat_currency', '=', currency)
      .where('fiat_value', 'is not', null)
      .where((eb) =>
        eb.or([
          eb.and([eb('received_asset', '=', asset), eb('received_amount', 'is not', null)]),
          eb.and([eb('sent_asset', '=', asset), eb('sent_amount', 'is not', null)]),
        ]),
      )
      .orderBy('timestamp', 'desc')
      .orderBy('id', 'desc')
      .limit(5)
      .execute();
    for (const r of rows) {
      const amount = r.received_asset === asset ? r.received_amount : r.sent_amount;
      if (amount === null || r.fiat_value === null) continue;
      if (/^[+-]?0*\.?0*$/.test(String(amount))) continue;
      return { id: r.id, timestamp: r.timestamp, fiat_value: String(r.fiat_value), amount: String(amount) };
    }
    return undefined;
  }
}

/** Whether a lot was acquired by a transaction with a missing price (the reports' rule, missing-prices.ts). */
export function lotUnpriced(lotId: string | null, unpriced: ReadonlySet<string>): boolean {
  return lotId !== null && (unpriced.has(lotId) || unpriced.has(lotId.replace(/:extra$/, '')));
}
