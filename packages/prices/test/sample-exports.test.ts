import { resolve } from 'node:path';
import { loadWallets } from '@lotwise/cli/calc/load';
import { resolveCliPrices } from '@lotwise/cli/calc/prices';
import { calculate } from '@lotwise/engine/calculate';
import { matchTransfers } from '@lotwise/engine/transfer-matching';
import { replayEnv, replayServer } from '@lotwise/test-replay/prices/replay-data';
import type { ReplayServer } from '@lotwise/test-replay/prices/replay-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplesReplay } from './fixtures/replay-prices.ts';

const SAMPLES = resolve(import.meta.dirname, '../../../fixtures/exchange-samples');
const GBP_LEDGER = resolve(import.meta.dirname, 'fixtures/kraken-ledgers-gbp.csv');

/** Sixteen real-layout exports that left rows without a value before the price service. */
const EXPORTS = [
  GBP_LEDGER,
  'kraken-ledgers-2024.csv',
  'binance-spot-trade-history.csv',
  'binance-transaction-history-v3.csv',
  'kucoin-spot-trade-history.csv',
  'kucoin-spot-filled-orders.csv',
  'coinbase-history-2023-preamble.csv',
  'coinbasepro-fills.csv',
  'cryptocom-app-transactions.csv',
  'etherscan-normal-transactions.csv',
  'ledgerlive-operations.csv',
  'cointracking-trade-list.csv',
  'bitstamp-transactions-2024.csv',
  'gemini-transaction-history.csv',
  'okx-trading-history.csv',
  'exodus-transactions.csv',
].map((f) => (f.startsWith('/') ? f : resolve(SAMPLES, f)));

let replay: ReplayServer;
beforeAll(async () => {
  replay = await replayServer(samplesReplay()).start();
});
afterAll(() => replay.stop());

async function run(file: string, offline: boolean) {
  const loaded = loadWallets([file]);
  expect(loaded.failures).toEqual([]);
  const prices = await resolveCliPrices(loaded.transactions, [], {
    currency: 'USD',
    offline,
    env: replayEnv(replay.url),
  });
  if (typeof prices === 'string') throw new Error(prices);
  const result = calculate(matchTransfers(loaded.transactions), { currency: 'USD', prices: prices.lookup });
  return { result, warnings: [...prices.warnings, ...result.warnings] };
}

describe('sixteen real-layout exports with the replayed providers', () => {
  it.each(EXPORTS)('%s: every missing price is gone', async (file) => {
    const offline = await run(file, true);
    expect(offline.warnings.some((w) => w.code === 'missing_price')).toBe(true);
    const online = await run(file, false);
    expect(
      online.warnings.filter((w) => w.code === 'missing_price' || w.code === 'price_unavailable'),
    ).toEqual([]);
    expect(online.result.statuses.filter((s) => s.flags.includes('missing_price'))).toEqual([]);
  });
});

/** A year's totals as the reports print them: each figure to cents. */
function cents(summary: {
  proceeds: string;
  costBasis: string;
  shortTermGain: string;
  longTermGain: string;
  income: string;
}) {
  const c = (v: string) => (Math.round(Number(v) * 100) / 100).toFixed(2);
  return {
    proceeds: c(summary.proceeds),
    costBasis: c(summary.costBasis),
    shortTermGain: c(summary.shortTermGain),
    longTermGain: c(summary.longTermGain),
    income: c(summary.income),
  };
}

describe('hand-checked totals with replayed prices (USD)', () => {
  it('a Kraken ledger in GBP: every GBP amount through the ECB rate, crypto at the day price', async () => {
    /*
     * ECB: 1 EUR = 1.10 USD = 0.88 GBP, so 1 GBP = 1.25 USD (Saturday 02-03 takes Friday's).
     * 02-03 buy 0.0125 BTC for 500 GBP + 1.30 GBP fee: basis 501.30 × 1.25 = 626.625.
     * 02-10 0.005 BTC → 0.1423 ETH (fee 0.0003558 ETH, in the acquired asset: stays in basis):
     *   ETH 2024-02-10 = 150 + 1.5 × 1866 = 2,949 → value 0.1423 × 2,949 = 419.6427 = proceeds;
     *   basis 0.005 / 0.0125 × 626.625 = 250.65; the ETH lot: 0.1419442 ETH for 419.6427.
     * 03-11 0.0021 SOL reward: SOL = 2 + 0.07 × 1896 = 134.72 → income 0.282912.
     * 03-15 withdrawal fee 0.00005 BTC: BTC = 4,000 + 25 × 1900 = 51,500 → proceeds 2.575,
     *   basis 0.00005 × 50,130 = 2.5065.
     * 04-02 sell 0.1 ETH for 290 GBP − 0.75 GBP fee = 289.25 × 1.25 = 361.5625;
     *   basis 0.1 × 419.6427 / 0.1419442 = 295.6392018835…
     * Proceeds 419.6427 + 2.575 + 361.5625 = 783.7802; basis 250.65 + 2.5065 + 295.6392… =
     * 548.7957…; short-term 234.9845…; income 0.282912.
     */
    const { result } = await run(GBP_LEDGER, false);
    expect(cents(result.years['2024']!)).toEqual({
      proceeds: '783.78',
      costBasis: '548.80',
      shortTermGain: '234.98',
      longTermGain: '0.00',
      income: '0.28',
    });
    expect(result.years['2024']!.proceeds).toBe('783.7802');
  });

  it('KuCoin crypto/crypto trades: valued by the received leg, fees in a third asset at their price', async () => {
    /*
     * 2024-02-01 (UTC) two BTC buys with USDT, fees in KCS: BTC = 4,000 + 25 × 1857 = 50,425,
     *   KCS = 1 + 0.004 × 1857 = 8.428. 0.0132 BTC → 665.61 − fee 0.00044891 × 8.428
     *   (0.00378341348) = 665.60621658652; 0.01 BTC → 504.25 − 0.0028663628 = 504.2471336372.
     *   The USDT and KCS were never bought: zero basis (sell without buy). The fees are
     *   disposals too: 0.00378341348 and 0.0028663628.
     * 02-12 3 SOL → 315.6 USDT (fee 0.3156 USDT, acquired asset): USDT = 1 → proceeds 315.6;
     *   USDT lot 315.2844 units, basis 315.6.
     * 02-17 1548.3555 KAS for 225.31669236 USDT, fee 0.45063338472 USDT: KAS = 0.01 + 0.0001 ×
     *   1873 = 0.1973 → value 305.49054015; the fee in the sent asset is valued at the row's
     *   unit price (305.49054015 / 225.31669236): 0.6109810803; proceeds 304.8795590697.
     *   Basis from the USDT lot: 225.31669236 × 315.6 / 315.2844 = 225.5422345946, fee
     *   0.451084469189.
     * 02-20 0.5 ETH → 0.02755 BTC (fee in BTC, acquired): BTC = 50,900 → 1,402.295.
     * Proceeds 3,193.24554015; basis 225.993319063784; short-term 2,967.2522…
     */
    const { result } = await run(resolve(SAMPLES, 'kucoin-spot-trade-history.csv'), false);
    expect(cents(result.years['2024']!)).toEqual({
      proceeds: '3193.25',
      costBasis: '225.99',
      shortTermGain: '2967.25',
      longTermGain: '0.00',
      income: '0.00',
    });
    expect(result.years['2024']!.proceeds).toBe('3193.24554015');
  });

  it("an Etherscan address: each gas fee is a disposal of ETH at that day's price", async () => {
    /*
     * ETH = 150 + 1.5 × days since 2019-01-01. The received 0.75 ETH came from an unknown place:
     * zero basis. Gas: 03-23 0.000378 × 3,012 = 1.138536; 03-26 0.0021 × 3,016.5 = 6.33465;
     * 03-28 0.00091 × 3,019.5 = 2.747745 and 0.00074 × 3,019.5 = 2.23443 (a failed swap still
     * pays gas); 04-02 0.00302 × 3,027 = 9.14154. Total 21.596901, all gain.
     */
    const { result } = await run(resolve(SAMPLES, 'etherscan-normal-transactions.csv'), false);
    expect(result.years['2024']!.proceeds).toBe('21.596901');
    expect(cents(result.years['2024']!)).toEqual({
      proceeds: '21.60',
      costBasis: '0.00',
      shortTermGain: '21.60',
      longTermGain: '0.00',
      income: '0.00',
    });
  });
});
