import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/database.ts';

const NOW = '2026-01-01T00:00:00.000Z';
const KINDS = ['buy', 'sell', 'trade', 'deposit', 'withdrawal', 'income', 'spend', 'fee'];
const ASSETS = ['BTC', 'ETH', 'SOL', 'ADA', 'DOT', 'USDC', 'MATIC', 'PUNK#17', 'CAKE-LP', 'ATOM'];

/** Users with one csv, one wallet and one manual account each; returns [userId, historyIds]. */
export async function seedUsers(db: Db, count: number): Promise<{ id: number; histories: number[] }[]> {
  const out: { id: number; histories: number[] }[] = [];
  for (let i = 0; i < count; i++) {
    const user = await db.kysely
      .insertInto('users')
      .values({
        uuid: `bench-${i}`,
        email: `bench${i}@example.com`,
        password_hash: 'x',
        username: null,
        first_name: null,
        last_name: null,
        roles: 'customer',
        country_code: 'US',
        currency: 'USD',
        timezone: 'UTC',
        mfa_secret: null,
        mfa_pending_secret: null,
        bulk_edit_preference: null,
        created_at: NOW,
        updated_at: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const histories: number[] = [];
    for (const [name, type] of [
      ['Coinbase', 'csv'],
      ['Ethereum wallet', 'wallet'],
      ['Manual', 'manual'],
    ] as const) {
      histories.push(await insertHistory(db, user.id, name, type));
    }
    out.push({ id: user.id, histories });
  }
  return out;
}

/** One completed account (import history) of `userId`; returns its id. */
export async function insertHistory(
  db: Db,
  userId: number,
  name: string,
  type: 'csv' | 'wallet' | 'manual',
): Promise<number> {
  const h = await db.kysely
    .insertInto('import_histories')
    .values({
      user_id: userId,
      account_name: name,
      account_slug: name.toLowerCase().replace(/ /g, '-'),
      type,
      custom_name: null,
      us_based: false,
      import_status: 'complete',
      wallet_address: null,
      last_synced_at: null,
      created_at: NOW,
      updated_at: NOW,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return h.id;
}

/** Deterministic pseudo-random rows: 2015–2025, every kind, ~2% ignored, ~30% with a USD value. */
function row(userId: number, histories: number[], i: number): unknown[] {
  const r = (k: number) => ((i * 2654435761 + k * 97) >>> 0) % 1_000_003;
  const kind = KINDS[r(1) % KINDS.length] as string;
  const ts = new Date(Date.UTC(2015, 0, 1) + (r(2) / 1_000_003) * 11 * 365 * 86_400_000).toISOString();
  const a = ASSETS[r(3) % ASSETS.length] as string;
  const b = ASSETS[r(4) % ASSETS.length] as string;
  const amt = (k: number) => `${r(k) % 5000}.${String(r(k + 1) % 100000000).padStart(8, '0')}`;
  const sends = ['sell', 'trade', 'withdrawal', 'spend', 'fee'].includes(kind);
  const receives = ['buy', 'trade', 'deposit', 'income'].includes(kind);
  const fiat = r(5) % 10 < 3;
  return [
    userId,
    histories[r(6) % histories.length],
    `k${i}`,
    ts,
    kind,
    sends ? (kind === 'buy' ? 'USD' : a) : kind === 'buy' ? 'USD' : null,
    sends || kind === 'buy' ? amt(7) : null,
    receives ? b : kind === 'sell' ? 'USD' : null,
    receives || kind === 'sell' ? amt(9) : null,
    fiat ? 'USD' : null,
    fiat ? amt(11) : null,
    r(12) % 50 === 0,
    `0x${(r(13) * 7919).toString(16).padStart(12, '0')}`,
  ];
}

const COLUMNS =
  'user_id, import_history_id, dedupe_key, timestamp, kind, sent_asset, sent_amount, received_asset, received_amount, fiat_currency, fiat_value, ignored, to_address, created_at, updated_at';

export async function seedTransactions(
  db: Db,
  userId: number,
  histories: number[],
  count: number,
  offset: number,
) {
  const batch = 5000;
  for (let start = 0; start < count; start += batch) {
    const rows: unknown[][] = [];
    for (let i = start; i < Math.min(count, start + batch); i++)
      rows.push(row(userId, histories, offset + i));
    if (db.sqlite) {
      const insert = db.sqlite.prepare(
        `INSERT INTO transactions (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '${NOW}', '${NOW}')`,
      );
      db.sqlite.transaction(() => {
        for (const r of rows) insert.run(...r.map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v)));
      })();
    } else {
      // unnest of column arrays: one statement per batch.
      const col = (k: number) => rows.map((r) => r[k]);
      await sql`INSERT INTO transactions (${sql.raw(COLUMNS)})
        SELECT u, h, d, t, k, sa, sm::numeric, ra, rm::numeric, fc, fv::numeric, ig, ad, ${NOW}, ${NOW}
        FROM unnest(${col(0)}::int[], ${col(1)}::int[], ${col(2)}::text[], ${col(3)}::text[], ${col(4)}::text[],
          ${col(5)}::text[], ${col(6)}::text[], ${col(7)}::text[], ${col(8)}::text[], ${col(9)}::text[],
          ${col(10)}::text[], ${col(11)}::bool[], ${col(12)}::text[])
          AS x(u, h, d, t, k, sa, sm, ra, rm, fc, fv, ig, ad)`.execute(db.kysely);
    }
  }
}
