import { z } from 'zod';
import { decimalText, type ExchangeApiOptions, integer, Progress, readPage } from './exchange-api.ts';

/**
 * Spot trades of a Binance-family account (Binance, Binance.US): `myTrades` answers one market
 * at a time (1000 a page from `fromId`), so the markets asked are those between two assets the
 * account holds or moved (`assets`) and those traded before (`ids`, the last trade id of each,
 * where a resync starts). A market between two assets the account never held otherwise is not
 * found: the exchange has no call listing an account's markets.
 */
export const binanceTrade = z.object({
  symbol: z.string(),
  id: integer,
  orderId: z.union([z.string(), z.number()]).transform(String).optional(),
  qty: decimalText,
  quoteQty: decimalText,
  commission: decimalText,
  commissionAsset: z.string(),
  time: integer,
  isBuyer: z.boolean(),
});
export type BinanceTrade = z.infer<typeof binanceTrade> & { base: string; quote: string };

type Call = (method: string, params?: Record<string, unknown>) => Promise<unknown>;

/** The account's assets: its balances (non-zero) and those given. */
export async function accountAssets(name: string, call: Call, more: Iterable<string>) {
  const account = readPage(
    name,
    'account',
    z.object({
      uid: integer.optional(),
      balances: z.array(z.object({ asset: z.string(), free: decimalText, locked: decimalText })),
    }),
    await call('privateGetAccount', { omitZeroBalances: true }),
  );
  return { uid: account.uid, assets: new Set([...account.balances.map((b) => b.asset), ...more]) };
}

export async function spotTrades(
  name: string,
  call: Call,
  assets: Set<string>,
  after: Record<string, number>,
  options: ExchangeApiOptions,
): Promise<{ trades: BinanceTrade[]; ids: Record<string, number> }> {
  const progress = new Progress(options);
  const info = readPage(
    name,
    'markets',
    z.object({
      symbols: z.array(z.object({ symbol: z.string(), baseAsset: z.string(), quoteAsset: z.string() })),
    }),
    await call('publicGetExchangeInfo'),
  );
  const markets = info.symbols.filter(
    (s) => (assets.has(s.baseAsset) && assets.has(s.quoteAsset)) || s.symbol in after,
  );
  const ids = { ...after };
  const trades: BinanceTrade[] = [];
  for (const m of markets) {
    for (;;) {
      const fromId = (ids[m.symbol] ?? -1) + 1;
      const raw = await call('privateGetMyTrades', { symbol: m.symbol, fromId, limit: 1000 });
      const page = readPage(name, `${m.symbol} trades`, z.array(binanceTrade), raw);
      for (const t of page) {
        ids[m.symbol] = Math.max(ids[m.symbol] ?? -1, t.id);
        trades.push({ ...t, base: m.baseAsset, quote: m.quoteAsset });
      }
      await progress.add(page.length, `${name} trades`);
      if (page.length < 1000) break;
    }
  }
  return { trades, ids };
}
