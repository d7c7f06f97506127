import { resolve } from 'node:path';
import { aggregatorHandler, type ReplayHandoff } from '@lotwise/test-replay/aggregator-replay';
import { coinbaseHandler, coinbaseTransactionsFromCsv } from '@lotwise/test-replay/coinbase-replay';
import { etherscanHandler } from '@lotwise/test-replay/etherscan-replay';
import { ExchangeReplay } from '@lotwise/test-replay/exchange-replay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/**
 * `POST /api/users/process_aggregator` (issue 33): a partner's hand-over (replayed in the shape
 * the README documents) connects a Coinbase account by key and an Ethereum wallet by address,
 * imported through their own replay servers; an exchange Lotwise cannot read is listed as
 * skipped; the same link again adds nothing; another account, an expired, unknown or foreign
 * code and a partner that does not answer are clear errors. Off without configuration.
 */
const SAMPLES = resolve(import.meta.dirname, '../../../fixtures/exchange-samples');
const KEY = 'partner-read-only-key';
const SECRET = 'partner-hmac-secret-0123456789';
const ME = '0x7a3b9c1d2e4f5a6b7c8d9e0f1a2b3c4d5e6fc0de';
const OTHER = '0x28c6c06298d514db089934071355e5743bf21d60';
const TX = {
  blockNumber: '19500000',
  timeStamp: '1711188851',
  gasUsed: '21000',
  gasPrice: '20000000000',
  isError: '0',
};

for (const dialect of DIALECTS) {
  describe(`${dialect}: partner hand-over (process_aggregator)`, () => {
    const handoffs: Record<string, ReplayHandoff> = {};
    const partner = new ExchangeReplay(aggregatorHandler({ key: 'lotwise-partner-key', handoffs }));
    const coinbase = new ExchangeReplay(
      coinbaseHandler({
        key: KEY,
        transactions: coinbaseTransactionsFromCsv(`${SAMPLES}/coinbase-history-2025-addresses.csv`),
      }),
    );
    const etherscan = new ExchangeReplay(
      etherscanHandler({
        key: 'explorer-key',
        contracts: {},
        lists: {
          txlist: [
            { ...TX, hash: `0x${'1'.repeat(64)}`, from: OTHER, to: ME, value: '1500000000000000000' },
            {
              ...TX,
              hash: `0x${'2'.repeat(64)}`,
              blockNumber: '19500100',
              from: ME,
              to: OTHER,
              value: '500000000000000000',
            },
          ],
        },
      }),
    );
    let server: TestServer;
    let plain: TestServer;

    beforeAll(async () => {
      await Promise.all([partner.start(), coinbase.start(), etherscan.start()]);
      server = await startTestServer(dialect, {
        AGGREGATOR_URL: partner.url,
        AGGREGATOR_API_KEY: 'lotwise-partner-key',
        AGGREGATOR_NAME: 'TaxBridge',
        COINBASE_BASE_URL: coinbase.url,
        COINBASE_PACING: 'off',
        ETHERSCAN_API_KEY: 'explorer-key',
        ETHERSCAN_BASE_URL: `${etherscan.url}/v2/api`,
      });
      plain = await startTestServer(dialect);
    });
    afterAll(async () => {
      await server?.dispose();
      await plain?.dispose();
      await Promise.all([partner.close(), coinbase.close(), etherscan.close()]);
    });

    const signUp = async (email: string, on = server) => {
      const client = new TestClient(on.app);
      await client.post('/api/auth/sign_up', { email, password: 'correct horse 9' });
      return client;
    };
    const redeem = (client: TestClient, aggcode: string) =>
      client.post('/api/users/process_aggregator', { aggregator_params: { aggcode } });
    const accounts = async (client: TestClient) =>
      (
        (await client.get('/api/imports/v1/import_histories?all=true')).body.data as {
          account_name: string;
          custom_name: string | null;
          type: string;
          import_status: string;
          total_transactions: number;
        }[]
      ).sort((a, b) => a.account_name.localeCompare(b.account_name));

    it('is off without a configured partner', async () => {
      const client = await signUp('agg-off@example.com', plain);
      const res = await redeem(client, 'code-anything');
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('No partner hand-over is set up on this server');
    });

    it('imports the accounts a hand-over lists like API connections, once', async () => {
      handoffs['code-good-1'] = {
        email: 'Agg-Ada@example.com',
        expiresAt: Date.now() + 600_000,
        accounts: [
          {
            type: 'exchange',
            exchange: 'coinbase',
            name: 'Coinbase via TaxBridge',
            api_key: KEY,
            secret: SECRET,
          },
          { type: 'wallet', chain: 'eth', address: ME, name: 'Ledger via TaxBridge' },
          { type: 'exchange', exchange: 'mtgox', name: 'Mt. Gox', api_key: 'k', secret: 's' },
        ],
      };
      const ada = await signUp('agg-ada@example.com');
      const res = await redeem(ada, 'code-good-1');
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(
        '2 accounts from TaxBridge added: importing their history; 1 could not be added',
      );
      expect(res.body.data.skipped).toEqual([
        { name: 'Mt. Gox', reason: 'mtgox cannot be connected by API key' },
      ]);
      await server.ctx.jobs.idle();
      for (const a of res.body.data.accounts as { job_id: number }[]) {
        expect((await server.ctx.jobsRepo.find(a.job_id))?.error ?? null).toBeNull();
      }
      const got = await accounts(ada);
      expect(got.map((a) => [a.account_name, a.custom_name, a.type, a.import_status])).toEqual([
        ['Coinbase', 'Coinbase via TaxBridge', 'api', 'complete'],
        ['Ethereum', 'Ledger via TaxBridge', 'wallet', 'complete'],
      ]);
      expect(got[0]?.total_transactions).toBeGreaterThan(5);
      expect(got[1]?.total_transactions).toBe(2);
      // The link opened again (a reload): the same answer, nothing added twice, the partner not asked.
      const asked = partner.requests.length;
      const again = await redeem(ada, 'code-good-1');
      expect(again.status).toBe(200);
      expect(again.body.message).toBe(
        'This link from TaxBridge was already used: its accounts are in your imports',
      );
      expect(again.body.data.accounts).toEqual(res.body.data.accounts);
      expect(partner.requests.length).toBe(asked);
      expect(await accounts(ada)).toHaveLength(2);
      // Another account cannot use it.
      const eve = await signUp('agg-eve@example.com');
      const stolen = await redeem(eve, 'code-good-1');
      expect(stolen.status).toBe(409);
      expect(stolen.body.message).toBe(
        'This link from TaxBridge was already used by another account. Nothing was imported.',
      );
      expect(await accounts(eve)).toEqual([]);
    });

    it('one link redeemed by parallel requests is redeemed once; one left half-done by a stopped server says so', async () => {
      handoffs['code-parallel'] = {
        expiresAt: Date.now() + 600_000,
        accounts: [{ type: 'wallet', chain: 'eth', address: ME, name: 'Twice clicked' }],
      };
      const dan = await signUp('agg-dan@example.com');
      const asked = partner.requests.length;
      const answers = await Promise.all([1, 2, 3].map(() => redeem(dan, 'code-parallel')));
      // The partner is asked once; one request adds, the others say it is under way or done.
      expect(partner.requests.length).toBe(asked + 1);
      const added = answers.filter(
        (r) => r.body.message === '1 account from TaxBridge added: importing their history',
      );
      expect(added).toHaveLength(1);
      for (const other of answers.filter((r) => !added.includes(r))) {
        expect([
          'This link from TaxBridge is being added right now: its accounts will appear in your imports.',
          'This link from TaxBridge was already used: its accounts are in your imports',
        ]).toContain(other.body.message);
      }
      await server.ctx.jobs.idle();
      expect(await accounts(dan)).toHaveLength(1);

      // A claim a stopped server left without its result (an hour ago).
      const db = server.ctx.db.kysely;
      handoffs['code-interrupted'] = { expiresAt: Date.now() + 600_000, accounts: [] };
      const first = await redeem(dan, 'code-interrupted');
      expect(first.status).toBe(200);
      await db
        .updateTable('aggregator_handoffs')
        .set({ result: null, created_at: new Date(Date.now() - 3600_000).toISOString() })
        .where('handoff_id', '=', 'handoff-code-interrupted')
        .execute();
      const later = await redeem(dan, 'code-interrupted');
      expect(later.status).toBe(409);
      expect(later.body.message).toBe(
        'Adding the accounts of this link from TaxBridge was interrupted: those added are in your imports; ask TaxBridge for a new link for the others.',
      );
      // A partner down leaves no claim behind: the link works once it answers.
      handoffs['code-retry'] = { expiresAt: Date.now() + 600_000, accounts: [] };
      partner.faults.push({ status: 503, body: 'down' });
      expect((await redeem(dan, 'code-retry')).status).toBe(500);
      expect((await redeem(dan, 'code-retry')).status).toBe(200);
    });

    it('an expired, an unknown or another account’s code, and a partner that does not answer, import nothing', async () => {
      const bob = await signUp('agg-bob@example.com');
      handoffs['code-expired'] = { expiresAt: Date.now() - 1000, accounts: [] };
      handoffs['code-for-someone-else'] = {
        email: 'carol@example.com',
        expiresAt: Date.now() + 600_000,
        accounts: [{ type: 'wallet', chain: 'eth', address: ME }],
      };
      const cases: [string, number, string][] = [
        [
          'code-expired',
          400,
          'This link from TaxBridge has expired: ask TaxBridge for a new one. Nothing was imported.',
        ],
        [
          'code-from-another-service',
          400,
          'This link is not one TaxBridge made for Lotwise (it belongs to another service, or was mistyped). Nothing was imported.',
        ],
        [
          'code-for-someone-else',
          400,
          'This link from TaxBridge was made for another Lotwise account: sign in with the e-mail address you gave TaxBridge. Nothing was imported.',
        ],
      ];
      for (const [code, status, message] of cases) {
        const res = await redeem(bob, code);
        expect({ status: res.status, message: res.body.message }).toEqual({ status, message });
      }
      partner.faults.push({ status: 503, body: 'down' });
      const down = await redeem(bob, 'code-good-later');
      expect(down.status).toBe(500);
      expect(down.body.message).toBe(
        'TaxBridge service is not currently responding, please try again in a bit. Nothing was imported.',
      );
      const empty = await bob.post('/api/users/process_aggregator', { aggregator_params: { aggcode: '' } });
      expect(empty.status).toBe(400);
      expect(await accounts(bob)).toEqual([]);
    });
  });
}
