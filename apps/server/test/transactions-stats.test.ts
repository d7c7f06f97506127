import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewTransaction } from '../src/db/schema.ts';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/**
 * The stats and visibility counts run the list's conditions on grouped rows (issue 5); here
 * every count must equal the list's count for the same filter, on rows mixing kinds, user
 * types, sub types, labels, NFT/LP/fiat legs, fiat values, ignored rows and groups.
 */
const NOW = '2026-01-01T00:00:00.000Z';
const KINDS = ['buy', 'sell', 'trade', 'deposit', 'withdrawal', 'income', 'spend', 'fee'];
const ASSETS = [null, 'BTC', 'ETH', 'USD', 'EUR', 'PUNK#7', 'CAKE-LP', 'LP-ETH', 'UNI-V2'];
const USER_TYPES = [
  null,
  null,
  'staking_reward',
  'business_or_investment',
  'nft_mint',
  'self_transfer',
  'gift',
];
const SUB_TYPES = [null, null, 'airdrop', 'margin_fee', 'mined'];
const LABELS = [null, null, 'staking_reward', 'payment', 'other'];

function rows(count: number): Partial<NewTransaction>[] {
  const pick = <T>(xs: readonly T[], i: number, k: number) =>
    xs[(i * 7 + k * 13 + ((i * k) % 5)) % xs.length] as T;
  return Array.from({ length: count }, (_, i) => ({
    timestamp: new Date(Date.UTC(2023, 0, 1) + i * 3_600_000).toISOString(),
    kind: pick(KINDS, i, 1),
    sent_asset: pick(ASSETS, i, 2),
    sent_amount: i % 4 === 0 ? null : String(i),
    received_asset: pick(ASSETS, i, 3),
    received_amount: i % 3 === 0 ? null : String(i / 10),
    fiat_currency: i % 3 === 1 ? 'USD' : null,
    fiat_value: i % 3 === 1 ? String(i * 2) : null,
    user_defined_type: pick(USER_TYPES, i, 4),
    subtype: pick(SUB_TYPES, i, 5),
    label: pick(LABELS, i, 6),
    ignored: i % 11 === 0,
  }));
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: transaction stats agree with the list`, () => {
    let server: TestServer;
    let carol: TestClient;
    beforeAll(async () => {
      server = await startTestServer(dialect);
      carol = new TestClient(server.app);
      const other = new TestClient(server.app);
      await carol.post('/api/auth/sign_up', { email: 'carol@example.com', password: 'correct horse 9' });
      await other.post('/api/auth/sign_up', { email: 'dave@example.com', password: 'correct horse 9' });
      const db = server.ctx.db.kysely;
      for (const [email, n] of [
        ['carol@example.com', 240],
        ['dave@example.com', 30],
      ] as const) {
        const user = await db
          .selectFrom('users')
          .select('id')
          .where('email', '=', email)
          .executeTakeFirstOrThrow();
        const history = await db
          .insertInto('import_histories')
          .values({
            user_id: user.id,
            account_name: 'Coinbase',
            account_slug: 'coinbase',
            type: 'csv',
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
        const ids: number[] = [];
        for (const [i, r] of rows(n).entries()) {
          const row = await db
            .insertInto('transactions')
            .values({
              user_id: user.id,
              import_history_id: history.id,
              import_file_id: null,
              dedupe_key: `s-${i}`,
              created_at: NOW,
              updated_at: NOW,
              kind: 'buy',
              timestamp: NOW,
              ...r,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          ids.push(Number(row.id));
        }
        // Groups of three: the lead (gt_id = id) counts, its members don't.
        for (let g = 0; g + 2 < ids.length; g += 20) {
          const [lead, a, b] = ids.slice(g, g + 3) as [number, number, number];
          await db.updateTable('transactions').set({ gt_id: lead }).where('id', 'in', [lead, a, b]).execute();
        }
      }
    });
    afterAll(() => server.dispose());

    const count = async (body: object) =>
      (await carol.post('/api/traces/list_transactions_new', body)).body.transactions_count as number;
    const VALID = ['cryptocurrency', 'nft', 'lptokens', 'valid'];

    it('counts the overview boxes as the list filters them', async () => {
      const stats = (await carol.get('/api/transaction/stats?show_ignored=false')).body;
      expect(stats.total).toBeGreaterThan(150);
      expect(stats).toMatchObject({
        total: await count({ visibility: VALID }),
        buys_count: await count({ visibility: VALID, txns_type: 'buy' }),
        sells_count: await count({ visibility: VALID, txns_type: 'sell' }),
        trades_count: await count({ visibility: VALID, txns_type: 'trade' }),
        errors_count: await count({ visibility: VALID, statuses: [{ value: 'need_review' }] }),
        income_count: await count({ visibility: VALID, statuses: [{ value: 'income' }] }),
        taxable_count: await count({ visibility: VALID, statuses: [{ value: 'taxable' }] }),
        swb_count: 0,
        exchanges_count: 1,
      });
      const all = (await carol.get('/api/transaction/stats?show_ignored=true')).body;
      expect(all).toMatchObject({
        total: await count({}),
        buys_count: await count({ txns_type: 'buy' }),
        sells_count: await count({ txns_type: 'sell' }),
        income_count: await count({ statuses: [{ value: 'income' }] }),
        taxable_count: await count({ statuses: [{ value: 'taxable' }] }),
      });
      expect(all.total).toBeGreaterThan(stats.total);
    });

    it('counts the visibility options as the list filters them', async () => {
      const vis = (await carol.get('/api/transaction/visibility_stats')).body;
      expect(vis).toEqual({
        cryptocurrency: await count({ visibility: ['cryptocurrency'] }),
        nft: await count({ visibility: ['nft'] }),
        lptokens: await count({ visibility: ['lptokens'] }),
        valid: await count({ visibility: ['valid'] }),
        ignored: await count({ visibility: ['ignored'] }),
      });
      expect(vis.nft).toBeGreaterThan(0);
      expect(vis.lptokens).toBeGreaterThan(0);
      expect(vis.ignored).toBeGreaterThan(0);
    });

    it('counts every row of the account in the sources', async () => {
      const sources = (await carol.get('/api/exchanges/')).body.data;
      expect(sources.map((s: { count: number }) => s.count)).toEqual([240]);
    });
  });
}
