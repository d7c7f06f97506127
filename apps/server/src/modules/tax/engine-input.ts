import { classificationOf } from '@lotwise/engine/label-classification';
import type { EngineTransaction } from '@lotwise/engine/types';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { yieldToRequests } from '../../jobs/yield-to-requests.ts';
import { manualFiatValue } from './manual-price.ts';

const CHUNK = 2_500;

/** Account names as wallets; two accounts of one name are told apart by their id. */
export async function walletNames(db: Kysely<Database>, userId: number): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('import_histories')
    .select(['id', 'account_name', 'custom_name'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const counts = new Map<string, number>();
  for (const r of rows) {
    const name = r.custom_name ?? r.account_name;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return new Map(
    rows.map((r) => {
      const name = r.custom_name ?? r.account_name;
      return [r.id, (counts.get(name) ?? 0) > 1 ? `${name} #${r.id}` : name];
    }),
  );
}

/** Which rows to read: `from` = timestamps at or after it; `transferCandidates` = only
 * deposits and withdrawals, the rows transfer matching can pair. */
export interface InputFilter {
  from?: string;
  transferCandidates?: boolean;
}

/**
 * One chunk of the user's rows after id `after`, in id order. It walks the (user_id, id)
 * index, so each chunk is one index range (test/read-in-id-order-plan.test.ts checks the plan).
 */
export function inputChunk(db: Kysely<Database>, userId: number, after: number, filter: InputFilter) {
  return db
    .selectFrom('transactions')
    .select([
      'id',
      'import_history_id',
      'timestamp',
      'kind',
      'subtype',
      'sent_asset',
      'sent_amount',
      'received_asset',
      'received_amount',
      'fee_asset',
      'fee_amount',
      'fiat_currency',
      'fiat_value',
      'external_id',
      'tx_hash',
      'note',
      'label',
      'user_defined_type',
      'ignored',
      'manual_price',
      'sent_price',
      'received_price',
      'fee_price',
      'pair_id',
      'token_contract',
    ])
    .where('user_id', '=', userId)
    .where('id', '>', after)
    .$if(filter.from !== undefined, (q) => q.where('timestamp', '>=', filter.from!))
    .$if(filter.transferCandidates === true, (q) => q.where('kind', 'in', ['deposit', 'withdrawal']))
    .orderBy('id')
    .limit(CHUNK);
}

/** Every stored transaction of the user (or those `filter` keeps) as engine input, read in id order in chunks. */
export async function loadEngineInput(
  db: Kysely<Database>,
  userId: number,
  filter: InputFilter = {},
): Promise<EngineTransaction[]> {
  const wallets = await walletNames(db, userId);
  const user = await db.selectFrom('users').select('currency').where('id', '=', userId).executeTakeFirst();
  const currency = (user?.currency ?? 'USD').toUpperCase();
  const out: EngineTransaction[] = [];
  let after = 0;
  for (;;) {
    const rows = await inputChunk(db, userId, after, filter).execute();
    if (rows.length === 0) return out;
    for (const r of rows) {
      const sent =
        r.sent_asset && r.sent_amount !== null
          ? { asset: r.sent_asset, amount: String(r.sent_amount) }
          : null;
      const received =
        r.received_asset && r.received_amount !== null
          ? { asset: r.received_asset, amount: String(r.received_amount) }
          : null;
      out.push({
        id: String(r.id),
        wallet: wallets.get(r.import_history_id) ?? `account #${r.import_history_id}`,
        timestamp: r.timestamp,
        kind: r.kind,
        subtype: r.subtype,
        sent,
        received,
        fee:
          r.fee_asset && r.fee_amount !== null ? { asset: r.fee_asset, amount: String(r.fee_amount) } : null,
        // A manual per-token price from the editor wins over the imported value.
        fiat_value:
          manualFiatValue(r, currency) ??
          (r.fiat_currency && r.fiat_value !== null
            ? { currency: r.fiat_currency, amount: String(r.fiat_value) }
            : null),
        external_id: r.external_id,
        tx_hash: r.tx_hash,
        note: r.note,
        label: r.label,
        // The user's own classification wins; otherwise the file's label, as `lotwise calc` does.
        classification:
          r.user_defined_type ?? classificationOf({ sent, received, label: r.label, subtype: r.subtype }),
        ignored: Boolean(r.ignored) || r.user_defined_type === 'ignore',
        // The pair dialogs' join (self transfer, switch trade, rebrand).
        pairId: r.pair_id,
        // The edit call's fee per-token price (saved with its manual prices) values the fee first.
        feePrice: r.manual_price && r.fee_price !== null ? String(r.fee_price) : null,
        // Which coin a shared symbol means, for the pricing step (the engine ignores it).
        ...(r.token_contract ? { token_contract: r.token_contract } : {}),
      });
    }
    after = rows.at(-1)!.id;
    await yieldToRequests();
  }
}

/**
 * What the user's transactions look like now: how many, the newest id and the last change.
 * Any import, edit or deletion changes it, so equal versions mean nothing to recalculate.
 */
export async function transactionsVersion(db: Kysely<Database>, userId: number): Promise<string> {
  const row = await db
    .selectFrom('transactions')
    .select([
      (eb) => eb.fn.countAll<number>().as('n'),
      (eb) => eb.fn.max('id').as('max_id'),
      (eb) => eb.fn.max('updated_at').as('changed'),
      sql<number>`sum(case when ignored then 1 else 0 end)`.as('ignored'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return `${Number(row.n)}:${row.max_id ?? 0}:${row.changed ?? ''}:${Number(row.ignored ?? 0)}`;
}
