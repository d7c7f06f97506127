/**
 * bench/prices: what the price service adds to a calculation. The engine bench's history
 * (50 assets, 10 wallets) with every value taken out of the rows except the fiat legs of buys
 * and sells, so trades, transfers, income and gifts all need the price table.
 *
 *   warm: the app's SQLite price table already holds every (asset, day) needed; time the
 *         pricing step (needs → one table read → book → the flat table the engine's worker
 *         gets) against calculate() with that table, in one run.
 *   cold: an empty table and the replayed providers (CoinGecko's documented shapes on a local
 *         server); count the requests: one per asset to learn its coin, one per window of days.
 *
 *   npx tsx bench/prices/run.ts [--rows 1000000]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { calculate } from '@lotwise/engine/calculate';
import type { EngineTransaction } from '@lotwise/engine/types';
import { priceSettingsFromEnv } from '@lotwise/prices/config';
import { priceNeeds } from '@lotwise/prices/needs';
import { priceTable, tableLookup } from '@lotwise/prices/price-table';
import { PriceResolver } from '@lotwise/prices/resolver';
import { MemoryPriceStore } from '@lotwise/prices/store';
import type { PriceNeed, StoredPrice } from '@lotwise/prices/types';
import { type ReplayData, replayEnv, replayServer, series } from '@lotwise/test-replay/prices/replay-data';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { PricesRepo } from '../../apps/server/src/modules/prices/prices.repo.ts';
import { generateHistory } from '../engine/generate.ts';
import { formatMs, measure } from '../support/measure.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const ROWS = Number(arg('rows', '1000000'));

/** A price for every need, deterministic: what a warm table holds. */
function pricesFor(needs: readonly PriceNeed[]): StoredPrice[] {
  return needs.map((n, i) => ({
    asset: n.asset,
    day: n.day,
    quote: 'USD',
    price: `${(n.asset.charCodeAt(2) % 50) + 1}.${String(i % 997).padStart(3, '0')}`,
    origin: 'coingecko',
  }));
}

function withoutValues(rows: EngineTransaction[]): EngineTransaction[] {
  return rows.map((r) => (r.kind === 'buy' || r.kind === 'sell' ? r : { ...r, fiat_value: null }));
}

async function warm(rows: EngineTransaction[]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'lotwise-bench-prices-'));
  const db = openDatabase(`sqlite:${path.join(dir, 'bench.db')}`);
  await migrateToLatest(db);
  const repo = new PricesRepo(db.kysely);
  const needs = priceNeeds(rows, 'USD');
  await repo.save(pricesFor(needs));
  const settings = priceSettingsFromEnv({ PRICE_PROVIDERS: 'none' });
  const resolver = new PriceResolver(repo, settings.providers, settings.pegs);

  const pricing = await measure(async () => {
    const wanted = priceNeeds(rows, 'USD');
    const resolution = await resolver.resolve(wanted, { currency: 'USD', userId: 1 });
    return {
      table: priceTable(resolution.book, wanted, 'USD'),
      missing: resolution.missing.length,
      wanted: wanted.length,
    };
  });
  const engine = await measure(() =>
    calculate(rows, { prices: tableLookup(pricing.result.table), currency: 'USD' }),
  );
  const missingPrices = engine.result.statuses.filter((s) => s.flags.includes('missing_price')).length;
  await db.close();
  return { pricing, engine, missingPrices, needs: needs.length };
}

async function cold(rows: EngineTransaction[]) {
  const needs = priceNeeds(rows, 'USD');
  const assets = [...new Set(needs.map((n) => n.asset))].sort();
  const data: ReplayData = { coingecko: {}, coins: [], bitstamp: {}, ecb: {} };
  for (const asset of assets) {
    const id = `coin-${asset.toLowerCase()}`;
    data.coins.push({ id, symbol: asset, name: `Coin ${asset}`, rank: null });
    data.coingecko[id] = series('2017-12-01', '2026-01-31', (i) => `${1 + (i % 500) / 100}`);
  }
  const replay = await replayServer(data).start();
  try {
    const settings = priceSettingsFromEnv({ ...replayEnv(replay.url), PRICE_PROVIDERS: 'coingecko,ecb' });
    const resolver = new PriceResolver(new MemoryPriceStore(), settings.providers, settings.pegs);
    const run = await measure(() => resolver.resolve(needs, { currency: 'USD' }));
    const ranges = replay.seen('/coingecko/coins/').length;
    const searches = replay.seen('/coingecko/search').length;
    return {
      run,
      assets: assets.length,
      needs: needs.length,
      ranges,
      searches,
      total: replay.requests.length,
    };
  } finally {
    await replay.stop();
  }
}

const generated = withoutValues(generateHistory(ROWS));
console.log(`${ROWS.toLocaleString('en-US')} rows (values only on buys and sells)`);

const w = await warm(generated);
const share = (100 * w.pricing.ms) / w.engine.ms;
console.log('\nwarm: every (asset, day) already in the SQLite price table');
console.log(`  distinct (asset, day) needs                 ${w.needs.toLocaleString('en-US')}`);
console.log(`  pricing step (needs, table read, book, flat table)  ${formatMs(w.pricing.ms)}`);
console.log(
  `  engine calculate() with those prices                ${formatMs(w.engine.ms)}  peak RSS ${w.engine.peakRssMb.toFixed(0)} MiB`,
);
console.log(`  pricing / engine                                    ${share.toFixed(1)} %  (target ≤ 20 %)`);
console.log(`  rows still without a price                          ${w.missingPrices}`);

const c = await cold(generated);
console.log('\ncold: empty table, providers replayed');
console.log(`  assets ${c.assets}, distinct (asset, day) needs ${c.needs.toLocaleString('en-US')}`);
console.log(
  `  requests: ${c.total} in all — ${c.searches} coin lookups (one per asset), ${c.ranges} price ranges (${(c.ranges / c.assets).toFixed(1)} per asset)`,
);
console.log(`  cold resolution                                     ${formatMs(c.run.ms)}`);
