import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runNode } from './run-node.ts';

const here = dirname(fileURLToPath(import.meta.url));
const bin = join(here, '../../../apps/cli/bin/lotwise.mjs');
const fixture = (name: string): string => join(here, 'fixtures', 'calc', name);

function run(args: string[]) {
  // Offline: these tests are about the calculation; test/prices*.test.ts cover the providers.
  return runNode([bin, 'calc', ...args], { PRICE_PROVIDERS: 'none' });
}

async function calcJson(args: string[]) {
  const r = await run([...args, '--json']);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout);
}

/*
 * exchange.csv: buys L1 2023-01-10 1 BTC 20,000 + 10 fee; L2 2024-02-01 1 BTC 40,000;
 *   L3 2024-03-01 2 BTC 50,000; sells 1.5 BTC 2024-06-01 for 9,000; staking 10 DOT worth 70;
 *   2024-08-01 sends 1 BTC + 0.001 fee (worth 60,000 → 60,000/BTC), hash 0xfeed.
 * cold.csv: receives that 1 BTC (same hash → self-transfer); 2025-03-01 sells 0.5 BTC for 30,000.
 *
 * Universal FIFO, 2024:
 *   sale: L1 1 long (6,000 − 20,010 = −14,010) + L2 0.5 short (3,000 − 20,000 = −17,000)
 *   transfer fee: 0.001 from L2 (basis 40) for 60 → +20 short
 *   proceeds 9,060, basis 40,050, short −16,980, long −14,010, income 70
 * 2025: 0.5 BTC from L2 0.499 (19,960, long → 29,940 − 19,960 = 9,980) and L3 0.001
 *   (25; 2025-03-01 is L3's anniversary → short: 60 − 25 = 35)
 * Per wallet FIFO: the move takes L2 0.5 + L3 0.5 to cold; fee from L3 (basis 25 → +35);
 *   2025: cold sells L2 0.5 (20,000), long: 30,000 − 20,000 = 10,000
 */
describe('lotwise calc', { timeout: 60_000 }, () => {
  const files = [fixture('exchange.csv'), fixture('cold.csv')];

  it('prints years, disposals, holdings and warnings as JSON (universal FIFO)', async () => {
    const out = await calcJson(files);
    expect(Object.keys(out.years)).toEqual(['2023', '2024', '2025']);
    const y2024 = out.years['2024'];
    expect({ ...y2024, disposals: undefined, incomeLines: undefined }).toEqual({
      proceeds: '9060',
      costBasis: '40050',
      shortTermGain: '-16980',
      longTermGain: '-14010',
      income: '70',
    });
    expect(y2024.disposals[0]).toMatchObject({
      asset: 'BTC',
      amount: '0.5',
      acquiredAt: '2024-02-01',
      disposedAt: '2024-06-01',
      proceeds: '3000',
      costBasis: '20000',
      gain: '-17000',
      term: 'short',
      category: 'sale',
      wallet: 'exchange',
      lots: [{ lotId: 'exchange:3', acquiredAt: '2024-02-01', amount: '0.5', costBasis: '20000' }],
    });
    expect(y2024.disposals.map((d: { category: string }) => d.category)).toEqual([
      'sale',
      'sale',
      'transfer_fee',
    ]);
    expect(out.years['2025']).toMatchObject({ shortTermGain: '35', longTermGain: '9980' });
    expect(out.holdings).toEqual([
      {
        wallet: 'exchange',
        asset: 'BTC',
        amount: '1.999',
        costBasis: '49975',
        acquiredAt: '2024-03-01',
        lotId: 'exchange:4',
      },
      {
        wallet: 'exchange',
        asset: 'DOT',
        amount: '10',
        costBasis: '70',
        acquiredAt: '2024-07-01',
        lotId: 'exchange:6',
      },
    ]);
    expect(out.warnings).toEqual([]);
  });

  it('moves lots between wallets with --basis per-wallet', async () => {
    const out = await calcJson([...files, '--basis', 'per-wallet']);
    expect(out.years['2024']).toMatchObject({ costBasis: '40035', shortTermGain: '-16965' });
    expect(out.years['2025'].disposals).toMatchObject([
      { wallet: 'cold', costBasis: '20000', gain: '10000', term: 'long' },
    ]);
    expect(out.holdings.map((h: { wallet: string; amount: string }) => [h.wallet, h.amount])).toEqual([
      ['cold', '0.5'],
      ['exchange', '1.499'],
      ['exchange', '10'],
    ]);
  });

  it('lists lot moves with --moves', async () => {
    // Per wallet, the self-transfer moves L2 0.5 (20,000) and L3 0.5 (12,500) to cold.
    const out = await calcJson([...files, '--basis', 'per-wallet', '--moves']);
    expect(out.moves).toMatchObject([
      {
        from: 'exchange',
        to: 'cold',
        asset: 'BTC',
        lots: [
          { lotId: 'exchange:3', amount: '0.5', costBasis: '20000' },
          { lotId: 'exchange:4', amount: '0.5', costBasis: '12500' },
        ],
      },
    ]);
    expect((await calcJson(files)).moves).toBeUndefined();
  });

  it('applies a per-year method list and --year', async () => {
    // LIFO in 2024: the sale takes L3 1.5 (37,500) → −28,500; the fee 0.001 from L3 (25) → +35.
    const out = await calcJson([...files, '--method', '2020:fifo,2024:lifo', '--year', '2024']);
    expect(Object.keys(out.years)).toEqual(['2024']);
    expect(out.years['2024']).toMatchObject({ shortTermGain: '-28465', longTermGain: '0' });
    // Holdings as at the end of 2024: L1 1, L2 1 and L3 0.499 (the universal pool, by wallet of purchase).
    expect(out.holdings.map((h: { lotId: string; amount: string }) => [h.lotId, h.amount])).toEqual([
      ['exchange:2', '1'],
      ['exchange:3', '1'],
      ['exchange:4', '0.499'],
      ['exchange:6', '10'],
    ]);
  });

  it('reports the us-2025 allocation and writes it as CSV', async () => {
    const csvPath = join(mkdtempSync(join(tmpdir(), 'lotwise-calc-')), 'allocation.csv');
    const out = await calcJson([...files, '--basis', 'us-2025', '--allocation-csv', csvPath]);
    expect(out.allocation.effectiveDate).toBe('2025-01-01');
    // At 2025-01-01 exchange holds 4 − 1.5 − 1.001 = 1.499 BTC and cold 1 BTC; the pool: L2 0.499, L3 2.
    // Oldest first, lots stay where bought (exchange): L2 0.499 + L3 1 → exchange; L3's other 1 → cold.
    expect(
      out.allocation.entries.map((e: { wallet: string; lotId: string; amount: string }) => [
        e.wallet,
        e.lotId,
        e.amount,
      ]),
    ).toEqual([
      ['exchange', 'exchange:3', '0.499'],
      ['exchange', 'exchange:4', '1'],
      ['cold', 'exchange:4', '1'],
      ['exchange', 'exchange:6', '10'],
    ]);
    expect(readFileSync(csvPath, 'utf8').split('\n')[0]).toBe(
      'effective_date,rule,wallet,asset,lot_id,acquired_at,amount,cost_basis',
    );
  });

  it('uses --tz for tax dates and --prices for rows without a value', async () => {
    /*
     * late-night.csv: 2023-12-31 23:30 UTC buy 1 ETH for 1,000; 2024-01-01 03:00 UTC trade
     * 0.5 ETH → 10 SOL, no value in the file. prices.csv: SOL 60 on 2024-01-01 → value 600.
     * UTC: the trade is in 2024: proceeds 600, basis 500, gain 100.
     * America/Los_Angeles: both rows fall on 2023-12-31 local → year 2023.
     */
    const file = fixture('late-night.csv');
    const utc = await calcJson([file, '--prices', fixture('prices.csv')]);
    expect(utc.years['2024']).toMatchObject({ proceeds: '600', costBasis: '500', shortTermGain: '100' });
    expect(utc.warnings).toEqual([]);
    const la = await calcJson([file, '--prices', fixture('prices.csv'), '--tz', 'America/Los_Angeles']);
    expect(Object.keys(la.years)).toEqual(['2023']);
    expect(la.years['2023'].disposals[0]).toMatchObject({ disposedAt: '2023-12-31', gain: '100' });
    // Without the price table the trade has no value: Missing Price, named in the warnings.
    const bare = await calcJson([file]);
    expect(bare.warnings.map((w: { code: string; txId: string }) => [w.code, w.txId])).toEqual([
      ['missing_price', 'late-night:3'],
    ]);
    expect(bare.statuses).toEqual([{ id: 'late-night:3', status: 'error', flags: ['missing_price'] }]);
  });

  it('--prices values rows in another currency from the asset price when that currency has no rate', async () => {
    /*
     * gbp-rows.csv (reporting USD, offline, no GBP→USD rate anywhere): 0.3 ETH staking worth
     * £588, 1.23 USDC reward worth £0.97, a sale of 0.25 ETH for £660 (all 2024-11-20), and
     * 0.5 DOT staking worth £3.10 on 2024-11-21. eth-prices.csv: ETH $2,450 on 2024-11-20.
     * ETH reward 0.3 × 2,450 = 735; USDC at its USD peg 1.23; sale 0.25 × 2,450 = 612.5;
     * DOT: neither a GBP rate nor a DOT price → missing, and the warning names the rate.
     */
    const out = await calcJson([fixture('gbp-rows.csv'), '--prices', fixture('eth-prices.csv'), '--offline']);
    const y = out.years['2024'];
    expect(y.incomeLines.map((l: { asset: string; value: string }) => [l.asset, l.value])).toEqual([
      ['ETH', '735'],
      ['USDC', '1.23'],
      ['DOT', '0'],
    ]);
    expect(y.proceeds).toBe('612.5');
    expect(y.income).toBe('736.23');
    expect(out.statuses).toEqual([{ id: 'gbp-rows:6', status: 'error', flags: ['missing_price'] }]);
    const byCode = (code: string) =>
      out.warnings
        .filter((w: { code: string }) => w.code === code)
        .map((w: { message: string }) => w.message);
    expect(byCode('missing_price')).toEqual([
      expect.stringContaining(
        'gbp-rows:6: no GBP→USD rate on 2024-11-21 for its GBP value, and no price for DOT',
      ),
    ]);
    expect(byCode('valued_from_price')).toEqual([
      'Transaction gbp-rows:3: no GBP→USD rate on 2024-11-20 for its GBP value; valued from the USD price of ETH that day instead.',
      'Transaction gbp-rows:4: no GBP→USD rate on 2024-11-20 for its GBP value; valued from the USD price of USDC that day instead.',
      'Transaction gbp-rows:5: no GBP→USD rate on 2024-11-20 for its GBP value; valued from the USD price of ETH that day instead.',
    ]);
  });

  it('prints a readable summary without --json', async () => {
    const r = await run(files);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Tax years (USD)');
    expect(r.stdout).toMatch(/2024\s+9,060\.00\s+40,050\.00\s+-16,980\.00\s+-14,010\.00\s+70\.00/);
    expect(r.stdout).toContain('Holdings');
  });

  it('turns bad rows into warnings, never a crash', async () => {
    const out = await calcJson([fixture('broken.csv')]);
    expect(out.warnings.length).toBeGreaterThan(0);
    for (const w of out.warnings) expect(typeof w.message).toBe('string');
  });

  it('fails cleanly on bad options and unreadable files', async () => {
    expect((await run([...files, '--method', 'avg'])).code).toBe(2);
    expect((await run([...files, '--basis', 'pooled'])).code).toBe(2);
    expect((await run([...files, '--tz', 'Mars/Olympus'])).code).toBe(2);
    const missing = await run([fixture('nope.csv')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('nope.csv');
    expect((await run([fixture('unknown.csv')])).code).toBe(1);
  });
});
