import type { LotUse, Term } from '@lotwise/engine/types';
import type { LotwiseDisposal, SaleElsewhere } from '@lotwise/reports/tie-out/types';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { yieldToRequests } from '../../jobs/yield-to-requests.ts';

/** Disposal rows per query (in id order), with a turn for waiting requests between. */
const DISPOSALS_CHUNK = 10_000;
/** Transaction ids per `in (...)` list. */
const IDS_CHUNK = 1_000;

interface DisposalRow {
  id: number;
  transaction_id: number;
  asset: string;
  amount: unknown;
  acquired_at: string;
  disposed_at: string;
  disposed_timestamp: unknown;
  proceeds: unknown;
  cost_basis: unknown;
  term: Term;
  category: string;
  wallet: string;
  lots: string;
  sell_without_buy: unknown;
  missing_price: unknown;
}

/**
 * A stored disposal line as the tie-out takes it. Its lots stay JSON text until read: the
 * reasons read them only for a sale whose basis differs, and a year has 200,000 of them.
 * `fee` is filled in for the sales whose reasons read it (tie-out.service.ts).
 */
class StoredDisposal implements LotwiseDisposal {
  readonly id: number;
  readonly txId: string;
  readonly asset: string;
  readonly amount: string;
  readonly acquiredAt: string;
  readonly disposedAt: string;
  readonly disposedTimestamp: string;
  readonly proceeds: string;
  readonly costBasis: string;
  readonly term: Term;
  readonly category: string;
  readonly taxable = true;
  readonly wallet: string;
  readonly sellWithoutBuy: string | null;
  readonly missingPrice: boolean;
  fee: string | null = null;
  private readonly lotsText: string;
  private parsed: LotUse[] | undefined;

  constructor(r: DisposalRow, same: (text: string) => string) {
    this.id = Number(r.id);
    this.txId = String(r.transaction_id);
    this.asset = same(r.asset);
    this.amount = String(r.amount);
    this.acquiredAt = same(r.acquired_at);
    this.disposedAt = same(r.disposed_at);
    this.disposedTimestamp = String(r.disposed_timestamp);
    this.proceeds = String(r.proceeds);
    this.costBasis = String(r.cost_basis);
    this.term = same(r.term) as Term;
    this.category = same(r.category);
    this.wallet = same(r.wallet);
    this.lotsText = r.lots;
    this.sellWithoutBuy = r.sell_without_buy === null ? null : String(r.sell_without_buy);
    this.missingPrice = Boolean(r.missing_price);
  }

  get lots(): LotUse[] {
    this.parsed ??= JSON.parse(this.lotsText) as LotUse[];
    return this.parsed;
  }
}

/**
 * One string for each of the many equal ones a read gives (a year's 100,000 sales have a few
 * assets, accounts, terms, categories and days): a kept tie-out then holds far fewer objects,
 * which is most of the garbage collector's work.
 */
export function sameStrings(): (text: string) => string {
  const seen = new Map<string, string>();
  return (text) => {
    const kept = seen.get(text);
    if (kept !== undefined) return kept;
    seen.set(text, text);
    return text;
  };
}

/**
 * The year's taxable disposal lines of a calculation in the accounts `wallets` (those with a
 * form), in the engine's order (the tie-out uses no other), read with only the columns it uses.
 */
export async function taxableDisposals(
  db: Kysely<Database>,
  calcId: number,
  year: number,
  wallets: readonly string[],
): Promise<LotwiseDisposal[]> {
  const out: LotwiseDisposal[] = [];
  if (wallets.length === 0) return out;
  const same = sameStrings();
  for (let after = 0; ; ) {
    const rows = await db
      .selectFrom('tax_disposals')
      .select([
        'id',
        'transaction_id',
        'asset',
        'amount',
        'acquired_at',
        'disposed_at',
        'disposed_timestamp',
        'proceeds',
        'cost_basis',
        'term',
        'category',
        'wallet',
        'lots',
        'sell_without_buy',
        'missing_price',
      ])
      .where('calc_id', '=', calcId)
      .where('year', '=', year)
      .where('id', '>', after)
      .where('taxable', '=', true)
      .where('wallet', 'in', [...wallets])
      .orderBy('id')
      .limit(DISPOSALS_CHUNK)
      .execute();
    for (const r of rows) out.push(new StoredDisposal(r, same));
    if (rows.length < DISPOSALS_CHUNK) return out;
    after = Number(rows[rows.length - 1]!.id);
    await yieldToRequests();
  }
}

/**
 * The year's taxable sales of the other accounts (not `wallets`) of the assets (upper case, as
 * the tie-out compares them) and days of sale (UTC or the user's zone) asked for, in the
 * engine's order: what a line on the 1099-DA only looks for, with only the columns it names.
 * The assets' spellings are read first, so the comparison stays the tie-out's (toUpperCase).
 */
export async function salesElsewhere(
  db: Kysely<Database>,
  calcId: number,
  year: number,
  wallets: readonly string[],
  wanted: { assets: ReadonlySet<string>; days: ReadonlySet<string> },
): Promise<SaleElsewhere[]> {
  const scope = () => {
    let q = db
      .selectFrom('tax_disposals')
      .where('calc_id', '=', calcId)
      .where('year', '=', year)
      .where('taxable', '=', true);
    if (wallets.length > 0) q = q.where('wallet', 'not in', [...wallets]);
    return q;
  };
  const spellings = (await scope().select('asset').distinct().execute())
    .map((r) => r.asset)
    .filter((a) => wanted.assets.has(a.toUpperCase()));
  const out: SaleElsewhere[] = [];
  if (spellings.length === 0 || wanted.days.size === 0) return out;
  const days = [...wanted.days];
  for (let after = 0; ; ) {
    const rows = await scope()
      .select(['id', 'asset', 'amount', 'wallet', 'disposed_at', 'disposed_timestamp'])
      .where('id', '>', after)
      .where('asset', 'in', spellings)
      .where((eb) =>
        eb.or([
          eb('disposed_at', 'in', days),
          eb(sql<string>`substr(${sql.ref('disposed_timestamp')}, 1, 10)`, 'in', days),
        ]),
      )
      .orderBy('id')
      .limit(DISPOSALS_CHUNK)
      .execute();
    for (const r of rows)
      out.push({
        id: Number(r.id),
        asset: r.asset,
        amount: String(r.amount),
        wallet: r.wallet,
        disposedAt: r.disposed_at,
        disposedTimestamp: String(r.disposed_timestamp),
      });
    if (rows.length < DISPOSALS_CHUNK) return out;
    after = Number(rows[rows.length - 1]!.id);
    await yieldToRequests();
  }
}

/** What a transaction adds to the tie-out: its account, and its fee when paid in the currency. */
export interface TransactionFact {
  account: number;
  fee: string | null;
}

/**
 * The account and fee of each of the user's transactions among `ids` (ids of other users'
 * rows, or of none, are absent from the answer).
 */
export async function transactionFacts(
  db: Kysely<Database>,
  userId: number,
  ids: ReadonlySet<string>,
  currency: string,
): Promise<Map<string, TransactionFact>> {
  const out = new Map<string, TransactionFact>();
  const numeric = [...ids]
    .filter((id) => /^\d+$/.test(id))
    .map(Number)
    .filter((id) => Number.isSafeInteger(id));
  for (let i = 0; i < numeric.length; i += IDS_CHUNK) {
    const rows = await db
      .selectFrom('transactions')
      .select(['id', 'import_history_id', 'fee_asset', 'fee_amount'])
      .where('user_id', '=', userId)
      .where('id', 'in', numeric.slice(i, i + IDS_CHUNK))
      .execute();
    for (const r of rows) {
      const fee =
        r.fee_asset?.toUpperCase() === currency && r.fee_amount !== null ? String(r.fee_amount) : null;
      out.set(String(r.id), { account: r.import_history_id, fee });
    }
  }
  return out;
}

/** A transaction id of a lot id ("123", "123:extra", "123:1"). */
export const txOfLot = (lotId: string) => lotId.replace(/:.*$/, '');
