import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A row the review may ask about: only the columns the findings read. */
export interface CandidateRow {
  id: number;
  import_history_id: number;
  timestamp: string;
  kind: string;
  subtype: string | null;
  label: string | null;
  sent_asset: string | null;
  sent_amount: string | null;
  received_asset: string | null;
  received_amount: string | null;
  fee_asset: string | null;
  fee_amount: string | null;
  tx_hash: string | null;
}

const COLUMNS = [
  'id',
  'import_history_id',
  'timestamp',
  'kind',
  'subtype',
  'label',
  'sent_asset',
  'sent_amount',
  'received_asset',
  'received_amount',
  'fee_asset',
  'fee_amount',
  'tx_hash',
] as const;

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

function toCandidate(r: Record<(typeof COLUMNS)[number], unknown>): CandidateRow {
  return {
    id: Number(r.id),
    import_history_id: Number(r.import_history_id),
    timestamp: String(r.timestamp),
    kind: String(r.kind),
    subtype: text(r.subtype),
    label: text(r.label),
    sent_asset: text(r.sent_asset),
    sent_amount: text(r.sent_amount),
    received_asset: text(r.received_asset),
    received_amount: text(r.received_amount),
    fee_asset: text(r.fee_asset),
    fee_amount: text(r.fee_amount),
    tx_hash: text(r.tx_hash),
  };
}

/** What the review reads: rows nobody has decided about, and the latest calculation's findings. */
export class CandidatesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** One-legged rows (deposits, withdrawals, income) without a user type, pair or ignore. */
  async undecided(userId: number): Promise<CandidateRow[]> {
    const rows = await this.db
      .selectFrom('transactions')
      .select(COLUMNS)
      .where('user_id', '=', userId)
      .where('kind', 'in', ['deposit', 'withdrawal', 'income'])
      .where('user_defined_type', 'is', null)
      .where('pair_id', 'is', null)
      .where('ignored', '=', false)
      .where('gt_id', 'is', null)
      .orderBy('timestamp')
      .orderBy('id')
      .execute();
    return rows.map(toCandidate);
  }

  /** Rows the calculation flagged (missing price or sell without buy), still undecided. */
  async flagged(userId: number, calcId: number, flag: 'missing_price' | 'sell_without_buy') {
    const rows = await this.db
      .selectFrom('tax_transaction_status as s')
      .innerJoin('transactions as t', 't.id', 's.transaction_id')
      .select(COLUMNS.map((c) => `t.${c}` as const))
      .select([
        's.sell_without_buy_quantity',
        't.user_defined_type',
        't.manual_price',
        't.fiat_value',
        't.fiat_currency',
      ])
      .where('s.calc_id', '=', calcId)
      .where('s.user_id', '=', userId)
      .where('t.user_id', '=', userId)
      .where(`s.${flag}`, '=', true)
      .where('t.ignored', '=', false)
      .orderBy('t.timestamp')
      .orderBy('t.id')
      .execute();
    return rows.map((r) => ({
      ...toCandidate(r),
      shortfall: text(r.sell_without_buy_quantity),
      userDefinedType: r.user_defined_type,
      manualPrice: Boolean(r.manual_price),
      fiatValue: text(r.fiat_value),
      fiatCurrency: text(r.fiat_currency),
    }));
  }

  /** Transactions the calculation said arrived from nowhere (units nobody sent: zero basis). */
  async missingBasis(calcId: number): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom('tax_warnings')
      .select('transaction_id')
      .where('calc_id', '=', calcId)
      .where('code', '=', 'missing_basis')
      .where('transaction_id', 'is not', null)
      .execute();
    return new Set(rows.map((r) => Number(r.transaction_id)));
  }

  async importCount(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('import_histories')
      .select(sql<number>`count(*)`.as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
