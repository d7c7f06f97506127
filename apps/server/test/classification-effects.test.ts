import { calculate } from '@lotwise/engine/calculate';
import type { CalculationResult } from '@lotwise/engine/types';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadEngineInput } from '../src/modules/tax/engine-input.ts';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/*
 * Issue 6 "Must show": every user-defined type of spec 02 §3, applied through the API, changes
 * the engine's result the way the classification says (or, where the engine rightly treats
 * the row by its kind, leaves it unchanged — said in the test's name).
 *   B   2023-01-10 buy 1 BTC for 10,000 (exchange)
 *   DEP 2024-02-01 deposit 0.5 DOT worth 3.10 (exchange)
 *   WD  2024-03-01 10:00 withdraw 0.1 BTC worth 3,000 (exchange)
 *   TR  2024-04-01 trade 0.1 BTC → 2 ETH worth 4,000 (exchange): a trade disposal, basis 1,000
 *   CD  2024-03-01 10:30 deposit 0.099 BTC worth 2,970 (cold storage): self-transfer partner of WD
 *   NT  2024-03-01 10:10 deposit 100 XBT worth 3,000 (cold storage): rebrand / switch-trade partner
 */
const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
const EXCHANGE = [
  HEADER,
  '2023-01-10 12:00:00 UTC,10000,USD,1,BTC,,,10000,USD,,Buy,',
  '2024-02-01 00:00:00 UTC,,,0.5,DOT,,,3.10,USD,,Deposit,',
  '2024-03-01 10:00:00 UTC,0.1,BTC,,,,,3000,USD,,Withdrawal,',
  '2024-04-01 00:00:00 UTC,0.1,BTC,2,ETH,,,4000,USD,,Trade,',
].join('\n');
const COLD = [
  HEADER,
  '2024-03-01 10:30:00 UTC,,,0.099,BTC,,,2970,USD,,Deposit,',
  '2024-03-01 10:10:00 UTC,,,100,XBT,,,3000,USD,,Deposit,',
].join('\n');

type Row = 'DEP' | 'WD' | 'TR' | 'CD' | 'NT';

for (const dialect of DIALECTS) {
  describe(`${dialect}: engine effect of each user-defined type`, () => {
    let server: TestServer;
    let alice: TestClient;
    let userId: number;
    const ids = {} as Record<Row, number>;

    const db = () => server.ctx.db.kysely;
    const run = async (): Promise<CalculationResult> =>
      calculate(await loadEngineInput(db(), userId), { basis: 'per-wallet', recordMoves: true });
    const disposals = (r: CalculationResult) =>
      (r.years['2024']?.disposals ?? []).map((l) => [l.txId, l.category, l.proceeds]);
    const income = (r: CalculationResult) =>
      (r.years['2024']?.incomeLines ?? []).map((l) => [l.txId, l.category, l.value]);
    // (out_of_order only says the file was not sorted by date.)
    const codes = (r: CalculationResult) =>
      r.warnings
        .filter((w) => w.code !== 'out_of_order')
        .map((w) => `${w.code}:${w.txId}`)
        .sort();
    const basisOf = (r: CalculationResult, asset: string) =>
      r.holdings.filter((h) => h.asset === asset).map((h) => [h.wallet, h.amount, h.costBasis]);
    const trade = () => [String(ids.TR), 'trade', '4000'];

    async function mark(row: Row, type: string) {
      const res = await alice.post(`/api/traces/update_transaction_type/${ids[row]}/${type}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res;
    }
    async function pair(path: string, sell: Row, buy: Row) {
      const res = await alice.post(path, { sell_id: ids[sell], buy_id: ids[buy] });
      expect(res.body.status, JSON.stringify(res.body)).toBe('success');
    }

    beforeAll(async () => {
      server = await startTestServer(dialect);
      alice = new TestClient(server.app);
      await alice.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
      await alice.upload('/api/imports/v1/csv_imports', { name: 'exchange.csv', content: EXCHANGE });
      await alice.upload(
        '/api/imports/v1/csv_imports',
        { name: 'cold.csv', content: COLD },
        { new_account: 'true', custom_name: 'Cold storage' },
      );
      await server.ctx.jobs.idle();
      const rows = await db().selectFrom('transactions').selectAll().orderBy('id').execute();
      userId = rows[0]!.user_id;
      const find = (pred: (r: (typeof rows)[number]) => boolean) => Number(rows.find(pred)!.id);
      ids.DEP = find((r) => r.received_asset === 'DOT');
      ids.WD = find((r) => r.sent_asset === 'BTC' && r.received_asset === null);
      ids.TR = find((r) => r.received_asset === 'ETH');
      ids.CD = find((r) => r.received_asset === 'BTC' && r.sent_asset === null);
      ids.NT = find((r) => r.received_asset === 'XBT');
    });
    afterEach(async () => {
      await db()
        .updateTable('transactions')
        .set({ user_defined_type: null, ignored: false, pair_id: null, pair_kind: null, gt_id: null })
        .where('user_id', '=', userId)
        .execute();
      await db().deleteFrom('annotation_histories').execute();
    });
    afterAll(() => server.dispose());

    it('baseline: only the trade is a disposal; plain deposits are transfers without income', async () => {
      const r = await run();
      expect(disposals(r)).toEqual([trade()]);
      expect(income(r)).toEqual([]);
      expect(codes(r)).toEqual([`missing_basis:${ids.DEP}`, `missing_basis:${ids.NT}`]);
    });

    for (const type of [
      'airdrop',
      'dividend_received',
      'interest_received',
      'masternode',
      'mined',
      'misc_reward',
      'staking_reward',
      'payment',
      'fork',
    ]) {
      it(`${type}: the deposit becomes income at its value (3.10) and its basis`, async () => {
        await mark('DEP', type);
        const r = await run();
        expect(income(r)).toEqual([[String(ids.DEP), type, '3.1']]);
        expect(basisOf(r, 'DOT').map((h) => [h[1], h[2]])).toEqual([['0.5', '3.1']]);
        expect(codes(r)).not.toContain(`missing_basis:${ids.DEP}`);
      });
    }

    it('business_or_investment: a withdrawal marked Sell is a sale at its value; a deposit marked Buy gets its value as basis', async () => {
      await mark('WD', 'business_or_investment');
      await mark('DEP', 'business_or_investment');
      const r = await run();
      expect(disposals(r)).toEqual([[String(ids.WD), 'sale', '3000'], trade()]);
      expect(income(r)).toEqual([]);
      expect(basisOf(r, 'DOT').map((h) => h[2])).toEqual(['3.1']);
      expect(codes(r)).not.toContain(`missing_basis:${ids.DEP}`);
    });

    it('fee: the withdrawn units are a fee disposal at market value', async () => {
      await mark('WD', 'fee');
      expect(disposals(await run())).toEqual([[String(ids.WD), 'fee', '3000'], trade()]);
    });

    it('purchase: the withdrawal is spent at market value (taxable)', async () => {
      await mark('WD', 'purchase');
      expect(disposals(await run())).toEqual([[String(ids.WD), 'spend', '3000'], trade()]);
    });

    for (const [type, category] of [
      ['gift_sent', 'gift'],
      ['donation_501c3', 'donation'],
      ['lost', 'lost'],
      ['stolen', 'stolen'],
    ] as const) {
      it(`${type}: the units leave without proceeds (category ${category}, not a taxable gain)`, async () => {
        await mark('WD', type);
        const r = await run();
        expect(disposals(r)).toEqual([[String(ids.WD), category, '0'], trade()]);
        const line = r.years['2024']!.disposals.find((l) => l.txId === String(ids.WD))!;
        expect([line.costBasis, line.gain]).toEqual(['1000', '0']);
        expect(r.years['2024']!.proceeds).toBe('4000');
        if (type === 'lost' || type === 'stolen') expect(codes(r)).toContain(`review_loss:${ids.WD}`);
      });
    }

    it('gift_received: no income; zero basis flagged for the donor basis instead of a missing-basis transfer', async () => {
      await mark('DEP', 'gift_received');
      const r = await run();
      expect(income(r)).toEqual([]);
      expect(codes(r)).toContain(`gift_without_basis:${ids.DEP}`);
      expect(codes(r)).not.toContain(`missing_basis:${ids.DEP}`);
    });

    it('ignore: the ignored trade has no effect at all; ignore_reset (Enable) brings it back', async () => {
      await mark('TR', 'ignore');
      const r = await run();
      expect(disposals(r)).toEqual([]);
      expect(basisOf(r, 'ETH')).toEqual([]);
      await alice.post('/api/traces/toggle_group_transaction_type_ignore', {
        ids: [ids.TR],
        is_ignore: false,
      });
      expect(disposals(await run())).toEqual([trade()]);
    });

    it('ignore_reset: enabling an ignored row through the type call restores its disposal', async () => {
      await mark('TR', 'ignore');
      expect(disposals(await run())).toEqual([]);
      await mark('TR', 'ignore_reset');
      expect(disposals(await run())).toEqual([trade()]);
    });

    it('staking_lockup: no disposal; the units move to the staked place', async () => {
      await mark('WD', 'staking_lockup');
      const r = await run();
      expect(disposals(r)).toEqual([trade()]);
      expect(r.moves?.find((m) => m.txId === String(ids.WD))?.to).toMatch(/staked/);
    });

    it('staking_return: no income; units come back from staking (none locked up: zero basis, flagged)', async () => {
      await mark('DEP', 'staking_return');
      const r = await run();
      expect(income(r)).toEqual([]);
      expect(r.warnings.find((w) => w.txId === String(ids.DEP))?.message).toMatch(/came back from staking/);
    });

    it('self_transfer (pair): the BTC moves to cold storage with its basis; the 0.001 lost on the way is a transfer fee', async () => {
      await pair('/api/mark_self_transfers', 'WD', 'CD');
      const r = await run();
      expect(disposals(r)).toEqual([[String(ids.WD), 'transfer_fee', '30'], trade()]);
      const move = r.moves?.find((m) => m.txId === String(ids.WD));
      expect(move?.to).toMatch(/Cold storage/);
    });

    it('swap (rebrand pair): no disposal; XBT takes over the BTC basis (1,000)', async () => {
      await pair('/api/transaction/mark_rebrand', 'WD', 'NT');
      const r = await run();
      expect(disposals(r)).toEqual([trade()]);
      expect(basisOf(r, 'XBT').map((h) => [h[1], h[2]])).toEqual([['100', '1000']]);
      expect(codes(r)).not.toContain(`missing_basis:${ids.NT}`);
    });

    it('switch_trade (pair): a taxable trade across accounts — BTC disposed of at 3,000, XBT acquired at 3,000', async () => {
      await pair('/api/transaction/mark_switch_trades', 'WD', 'NT');
      const r = await run();
      expect(disposals(r)).toEqual([[String(ids.WD), 'trade', '3000'], trade()]);
      expect(basisOf(r, 'XBT').map((h) => [h[1], h[2]])).toEqual([['100', '3000']]);
    });

    for (const [type, row, why] of [
      ['external_transfer', 'DEP', 'Incoming is how an unclassified deposit is treated already'],
      ['ico', 'DEP', 'the ICO was paid by an earlier withdrawal; the tokens arrive as a deposit'],
      ['nft_mint', 'DEP', 'a mint has no tax rule of its own; the row is treated by its legs'],
      ['nft_trade', 'TR', 'an NFT trade is taxed like any crypto-to-crypto trade'],
    ] as const) {
      it(`${type}: no engine effect (${why})`, async () => {
        const before = await run();
        await mark(row, type);
        const after = await run();
        expect(disposals(after)).toEqual(disposals(before));
        expect(income(after)).toEqual(income(before));
        expect(after.holdings).toEqual(before.holdings);
      });
    }
  });
}
