import type { EngineTransaction } from '@lotwise/engine/types';

/**
 * Synthetic history for the engine benchmark: `count` rows over 50 assets and 10 wallets,
 * 2018–2025, with buys, sells, trades, self-transfers with network fees (two rows each),
 * staking income and gifts. A seeded generator, so every run sees the same data. Balances are
 * tracked (as floats: generation only) so most disposals are covered by lots.
 */
export const ASSET_COUNT = 50;
export const WALLET_COUNT = 10;

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const fmt = (value: number, places: number): string => {
  const text = value.toFixed(places);
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
};

export function generateHistory(count: number, seed = 42): EngineTransaction[] {
  const random = mulberry32(seed);
  const assets = Array.from({ length: ASSET_COUNT }, (_, i) => `A${String(i).padStart(2, '0')}`);
  const wallets = Array.from({ length: WALLET_COUNT }, (_, i) => `W${i}`);
  const prices = assets.map(() => 1 + random() * 999);
  const balances = new Float64Array(ASSET_COUNT * WALLET_COUNT);
  const start = Date.UTC(2018, 0, 1);
  const step = (Date.UTC(2025, 11, 31) - start) / count;
  const rows: EngineTransaction[] = [];
  let ms = start;
  let n = 0;
  const id = () => `t${n++}`;
  while (rows.length < count) {
    ms += step * (0.5 + random());
    const timestamp = new Date(Math.floor(ms / 1000) * 1000).toISOString();
    const a = Math.floor(random() * ASSET_COUNT);
    const w = Math.floor(random() * WALLET_COUNT);
    prices[a] = Math.max(0.01, prices[a]! * (1 + (random() - 0.5) * 0.02));
    const price = prices[a]!;
    const wallet = wallets[w]!;
    const asset = assets[a]!;
    const held = balances[a * WALLET_COUNT + w]!;
    const roll = random();
    if (held < 1e-6 || roll < 0.3) {
      const qty = Number(fmt((1 + random() * 99) / price, 8)) || 0.01;
      rows.push({
        id: id(),
        wallet,
        timestamp,
        kind: 'buy',
        sent: { asset: 'USD', amount: fmt(qty * price, 2) },
        received: { asset, amount: fmt(qty, 8) },
        fee: { asset: 'USD', amount: fmt(qty * price * 0.001, 2) },
      });
      balances[a * WALLET_COUNT + w] = held + qty;
      continue;
    }
    const qty = Number(fmt(held * (0.05 + random() * 0.6), 8));
    if (qty <= 0) continue;
    if (roll < 0.5) {
      rows.push({
        id: id(),
        wallet,
        timestamp,
        kind: 'sell',
        sent: { asset, amount: fmt(qty, 8) },
        received: { asset: 'USD', amount: fmt(qty * price, 2) },
      });
      balances[a * WALLET_COUNT + w] = held - qty;
    } else if (roll < 0.65) {
      const b = (a + 1 + Math.floor(random() * (ASSET_COUNT - 1))) % ASSET_COUNT;
      const got = Number(fmt((qty * price) / prices[b]!, 8));
      rows.push({
        id: id(),
        wallet,
        timestamp,
        kind: 'trade',
        sent: { asset, amount: fmt(qty, 8) },
        received: { asset: assets[b]!, amount: fmt(got, 8) },
        fiat_value: { currency: 'USD', amount: fmt(qty * price, 2) },
      });
      balances[a * WALLET_COUNT + w] = held - qty;
      balances[b * WALLET_COUNT + w] = balances[b * WALLET_COUNT + w]! + got;
    } else if (roll < 0.8 && rows.length + 2 <= count) {
      const to = (w + 1 + Math.floor(random() * (WALLET_COUNT - 1))) % WALLET_COUNT;
      const fee = Number(fmt(qty * 0.001, 8));
      const sent = Number(fmt(qty - fee, 8));
      const pairId = `p${n}`;
      rows.push({
        id: id(),
        wallet,
        timestamp,
        kind: 'withdrawal',
        sent: { asset, amount: fmt(sent, 8) },
        fee: { asset, amount: fmt(fee, 8) },
        fiat_value: { currency: 'USD', amount: fmt(sent * price, 2) },
        classification: 'self_transfer',
        pairId,
      });
      rows.push({
        id: id(),
        wallet: wallets[to]!,
        timestamp,
        kind: 'deposit',
        received: { asset, amount: fmt(sent, 8) },
        classification: 'self_transfer',
        pairId,
      });
      balances[a * WALLET_COUNT + w] = held - sent - fee;
      balances[a * WALLET_COUNT + to] = balances[a * WALLET_COUNT + to]! + sent;
    } else if (roll < 0.95) {
      const got = Number(fmt((0.1 + random() * 5) / price, 8)) || 0.0001;
      rows.push({
        id: id(),
        wallet,
        timestamp,
        kind: 'income',
        received: { asset, amount: fmt(got, 8) },
        fiat_value: { currency: 'USD', amount: fmt(got * price, 2) },
        classification: 'staking_reward',
      });
      balances[a * WALLET_COUNT + w] = held + got;
    } else {
      const gift = Number(fmt(qty * 0.1, 8));
      if (gift <= 0) continue;
      rows.push({
        id: id(),
        wallet,
        timestamp,
        kind: 'withdrawal',
        sent: { asset, amount: fmt(gift, 8) },
        fiat_value: { currency: 'USD', amount: fmt(gift * price, 2) },
        classification: 'gift_sent',
      });
      balances[a * WALLET_COUNT + w] = held - gift;
    }
  }
  return rows;
}
