import { classificationOf } from '@lotwise/engine/label-classification';
import type { EngineTransaction } from '@lotwise/engine/types';
import type SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { yieldToRequests } from '../../jobs/yield-to-requests.ts';
import { storedLegs } from './manual-price.ts';

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
  return inputQuery(db, userId, filter).where('id', '>', after).limit(CHUNK);
}

/** All of the user's rows `filter` keeps, in id order (one statement). */
function inputQuery(db: Kysely<Database>, userId: number, filter: InputFilter) {
  return db
    .selectFrom('transactions')
    .select(INPUT_COLUMNS)
    .where('user_id', '=', userId)
    .$if(filter.from !== undefined, (q) => q.where('timestamp', '>=', filter.from!))
    .$if(filter.transferCandidates === true, (q) => q.where('kind', 'in', ['deposit', 'withdrawal']))
    .orderBy('id');
}

/** Rows per FETCH from the PostgreSQL cursor of loadEngineInputCursor. */
const FETCH = 10_000;

/**
 * The same rows through one server-side cursor (PostgreSQL), for the engine's worker: the
 * statement is planned once. Chunks of `id > after … limit` are planned per chunk, and right
 * after a large import (no statistics yet) PostgreSQL answered each by sorting every
 * remaining row of the user: 1M rows took 120 s to read that way.
 */
export async function loadEngineInputCursor(
  db: Kysely<Database>,
  userId: number,
  filter: InputFilter = {},
): Promise<EngineTransaction[]> {
  const make = await engineRowMaker(db, userId);
  const out: EngineTransaction[] = [];
  await db.transaction().execute(async (trx) => {
    await sql`declare lotwise_engine_input no scroll cursor for ${inputQuery(trx, userId, filter)}`.execute(
      trx,
    );
    for (;;) {
      const { rows } = await sql<InputRow>`fetch ${sql.raw(String(FETCH))} from lotwise_engine_input`.execute(
        trx,
      );
      for (const r of rows) out.push(make(r));
      if (rows.length < FETCH) break;
    }
    await sql`close lotwise_engine_input`.execute(trx);
  });
  return out;
}

/**
 * The columns the engine's input is made of, in the order the raw SQLite read gives them. Not
 * the note or the external id: nothing in a calculation reads them, and a million of each
 * were kept through it.
 */
const INPUT_COLUMNS = [
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
  'tx_hash',
  'label',
  'user_defined_type',
  'ignored',
  'manual_price',
  'sent_price',
  'received_price',
  'fee_price',
  'pair_id',
  'token_contract',
] as const;

type InputRow = Awaited<ReturnType<ReturnType<typeof inputChunk>['execute']>>[number];

/** Turns stored rows into engine rows: the user's wallets (account names) and currency. */
async function engineRowMaker(db: Kysely<Database>, userId: number) {
  const wallets = await walletNames(db, userId);
  const user = await db.selectFrom('users').select('currency').where('id', '=', userId).executeTakeFirst();
  const currency = (user?.currency ?? 'USD').toUpperCase();
  return (r: InputRow): EngineTransaction => {
    const { sent, received, fee, fiat_value, feePrice } = storedLegs(r, currency);
    return {
      id: String(r.id),
      wallet: wallets.get(r.import_history_id) ?? `account #${r.import_history_id}`,
      timestamp: r.timestamp,
      kind: r.kind,
      subtype: r.subtype,
      sent,
      received,
      fee,
      fiat_value,
      tx_hash: r.tx_hash,
      label: r.label,
      // The user's own classification wins; otherwise the file's label, as `lotwise calc` does.
      classification:
        r.user_defined_type ?? classificationOf({ sent, received, label: r.label, subtype: r.subtype }),
      ignored: Boolean(r.ignored) || r.user_defined_type === 'ignore',
      // The pair dialogs' join (self transfer, switch trade, rebrand).
      pairId: r.pair_id,
      feePrice,
      // Which coin a shared symbol means, for the pricing step (the engine ignores it).
      ...(r.token_contract ? { token_contract: r.token_contract } : {}),
    };
  };
}

/** Every stored transaction of the user (or those `filter` keeps) as engine input, read in id order in chunks. */
export async function loadEngineInput(
  db: Kysely<Database>,
  userId: number,
  filter: InputFilter = {},
): Promise<EngineTransaction[]> {
  const make = await engineRowMaker(db, userId);
  const out: EngineTransaction[] = [];
  let after = 0;
  for (;;) {
    const rows = await inputChunk(db, userId, after, filter).execute();
    if (rows.length === 0) return out;
    for (const r of rows) out.push(make(r));
    after = rows.at(-1)!.id;
    await yieldToRequests();
  }
}

/** A raw row (cells in INPUT_COLUMNS order, the columns inputChunk selects) as inputChunk's row. */
function rowOfCells(c: unknown[]): InputRow {
  // A literal of one shape: cheaper than building the object key by key.
  return {
    id: c[0],
    import_history_id: c[1],
    timestamp: c[2],
    kind: c[3],
    subtype: c[4],
    sent_asset: c[5],
    sent_amount: c[6],
    received_asset: c[7],
    received_amount: c[8],
    fee_asset: c[9],
    fee_amount: c[10],
    fiat_currency: c[11],
    fiat_value: c[12],
    tx_hash: c[13],
    label: c[14],
    user_defined_type: c[15],
    ignored: c[16],
    manual_price: c[17],
    sent_price: c[18],
    received_price: c[19],
    fee_price: c[20],
    pair_id: c[21],
    token_contract: c[22],
  } as InputRow;
}

/**
 * The same rows read in one pass of arrays (better-sqlite3's raw mode), for the engine's
 * worker on its own connection: nothing else waits on that thread, and building a 25-key
 * object per row in the driver cost twice the read (1M rows: 10 s as objects, 4.5 s raw).
 */
export async function loadEngineInputRaw(
  db: Kysely<Database>,
  sqlite: SQLite.Database,
  userId: number,
  filter: InputFilter = {},
): Promise<EngineTransaction[]> {
  const make = await engineRowMaker(db, userId);
  const columns = INPUT_COLUMNS.map((c) => `"${c}"`).join(', ');
  const since = filter.from !== undefined ? ' and "timestamp" >= ?' : '';
  const statement = sqlite
    .prepare(`select ${columns} from "transactions" where "user_id" = ?${since} order by "id"`)
    .raw(true);
  const out: EngineTransaction[] = [];
  const params = filter.from !== undefined ? [userId, filter.from] : [userId];
  for (const cells of statement.iterate(...params) as Iterable<unknown[]>) {
    out.push(make(rowOfCells(cells)));
  }
  return out;
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
