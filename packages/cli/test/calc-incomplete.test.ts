import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runNode } from './run-node.ts';

const here = dirname(fileURLToPath(import.meta.url));
const bin = join(here, '../../../apps/cli/bin/lotwise.mjs');
const GBP_EXPORT = join(here, '../../../fixtures/exchange-samples/coinbase-history-2024-gbp.csv');
const ETH_PRICES = join(here, 'fixtures/calc/eth-prices.csv');

const calc = (args: string[]) =>
  runNode([bin, 'calc', GBP_EXPORT, '--prices', ETH_PRICES, '--offline', ...args], {
    PRICE_PROVIDERS: 'none',
  });

/*
 * Issue 35 (items 1 and 4), `lotwise calc --prices --offline` on the GBP Coinbase export
 * (reporting USD, no GBP→USD rate anywhere; eth-prices.csv: ETH $2,450 on 2024-11-20):
 *   :10 2024-02-01 buy 0.02 BTC for £680 + £10.20 fee   no rate, no BTC price → basis unknown
 *   :9  2024-03-05 buy 0.5 ETH for £1,350 + £20.25 fee  no rate, no ETH price → basis unknown
 *   :8  2024-06-14 staking 0.0018 ETH (£5)              no rate, no price → income unknown
 *   :7  2024-09-02 sell 0.01 BTC for £440, fee £6.60    proceeds unknown; its lot (:10) too
 *   :6  2024-11-20 staking 0.0021 ETH (£5.48)           0.0021 × 2,450 = $5.145
 *   :5  2024-11-20 sell 0.25 ETH for £660, fee £3.96    0.25 × 2,450 = $612.50, the fee at the
 *       rate that implies 3.96 × 612.50 / 660 = $3.675 → proceeds $608.825 (no longer the
 *       fee-less 612.5); its lot is :9, bought without a price → basis (printed 0) unknown,
 *       and so its gain (printed 608.825)
 * 2024 as printed: proceeds 608.825, basis 0, short-term 608.825, long-term 0, income 5.145;
 * unknown: proceeds (the BTC sale), cost basis and short-term gain (both sales' lots), income.
 */
describe('lotwise calc --json marks what is unknown, as the server does', { timeout: 60_000 }, () => {
  it('flags a disposal of lots bought without a price, and the year as incomplete', async () => {
    const r = await calc(['--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    const y = out.years['2024'];
    const eth = y.disposals.find((d: { txId: string }) => d.txId.endsWith(':5'));
    expect(eth).toMatchObject({ proceeds: '608.825', costBasis: '0', gain: '608.825', basisUnknown: true });
    expect(eth.missingPrice).toBeUndefined();
    const btc = y.disposals.find((d: { txId: string }) => d.txId.endsWith(':7'));
    expect(btc).toMatchObject({ proceeds: '0', missingPrice: true, basisUnknown: true });
    expect(y).toMatchObject({
      proceeds: '608.825',
      costBasis: '0',
      shortTermGain: '608.825',
      longTermGain: '0',
      income: '5.145',
    });
    expect(y.incomplete).toMatchObject({
      unknown: ['proceeds', 'costBasis', 'shortTermGain', 'income'],
      missingPrice: 1,
      basisUnknown: 2,
      incomeMissingPrice: 1,
    });
    expect(y.incomplete.reason).toMatch(/^INCOMPLETE: /);
    // The year's key order: totals, what is unknown, then the lines.
    expect(Object.keys(y)).toEqual([
      'proceeds',
      'costBasis',
      'shortTermGain',
      'longTermGain',
      'income',
      'incomplete',
      'disposals',
      'incomeLines',
    ]);
    // Holdings bought without a price say so; the reward valued from ETH's price does not.
    expect(
      out.holdings.map((h: { lotId: string; basisUnknown?: boolean }) => [
        h.lotId.split(':')[1],
        h.basisUnknown,
      ]),
    ).toEqual([
      ['10', true],
      ['9', true],
      ['8', true],
      ['6', undefined],
    ]);
  });

  it('warns once a row, for people, and says how the fee was valued', async () => {
    const out = JSON.parse((await calc(['--json'])).stdout);
    const of = (suffix: string) =>
      out.warnings
        .filter((w: { txId: string }) => w.txId.endsWith(suffix))
        .map((w: { message: string }) => w.message);
    // The sale: valued from ETH, its fee at the implied rate; no "no price for ETH" beside it.
    expect(of(':5')).toEqual([
      'Transaction coinbase-history-2024-gbp:5: no GBP→USD rate on 2024-11-20 for its GBP value; valued from the USD price of ETH that day instead, and its 3.96 GBP fee at the rate that implies (612.5 USD for 660 GBP): 3.675 USD.',
    ]);
    // The BTC sale: one warning (it had two identical ones), naming the fee too.
    expect(of(':7')).toEqual([
      'Transaction coinbase-history-2024-gbp:7: no GBP→USD rate on 2024-09-02 for its GBP value and its 6.6 GBP fee, and no price for BTC that day; its value and its fee are unknown until a rate or price is added (the reports show them as unknown, not 0), which leaves the 2024 proceeds, short-term gain and long-term gain incomplete.',
    ]);
    // A buy has no proceeds: its one warning is about the basis of what it bought.
    expect(of(':9')).toEqual([
      'Transaction coinbase-history-2024-gbp:9: no GBP→USD rate on 2024-03-05 for its GBP value and its 20.25 GBP fee, and no price for ETH that day; its value and its fee are unknown until a rate or price is added (the reports show them as unknown, not 0), which leaves the cost basis of the ETH it acquired (and the gain when that ETH is sold) incomplete.',
    ]);
    expect(out.warnings.map((w: { code: string }) => w.code)).toEqual([
      'missing_price',
      'missing_price',
      'missing_price',
      'missing_price',
      'valued_from_price',
      'valued_from_price',
    ]);
  });

  it('prints unknown totals as "unknown" in the summary, with the reason', async () => {
    const r = await calc([]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/2024\s+unknown\s+unknown\s+unknown\s+0\.00\s+unknown\s+2\n/);
    expect(r.stdout).toContain('2024 INCOMPLETE: 1 disposal has no price for its proceeds');
    expect(r.stdout).toMatch(/coinbase-history-2024-gbp\s+ETH\s+0\.2539\s+unknown\s+3/);
  });
});
