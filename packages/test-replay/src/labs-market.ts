import { addDays } from '@lotwise/prices/days';
import { type ReplayData, series } from './prices/replay-data.ts';

/**
 * Labs test data, shared by the server and browser tests. A price file whose figures are easy
 * to check by hand (BTC +4 % in a day, +8.33 % in a week, +30 % in a month; ETH down; SOL with
 * two days only; GBP a currency, not a market asset), and what CoinGecko would answer.
 */
export const LABS_PRICE_FILE = [
  'date,asset,price,currency',
  '2024-03-01,BTC,40000,USD',
  '2024-03-24,BTC,48000,USD',
  '2024-03-30,BTC,50000,USD',
  '2024-03-31,BTC,52000,USD',
  '2024-03-01,ETH,4000,USD',
  '2024-03-24,ETH,3600,USD',
  '2024-03-30,ETH,3200,USD',
  '2024-03-31,ETH,3000,USD',
  '2024-03-30,SOL,100,USD',
  '2024-03-31,SOL,101,USD',
  '2024-03-31,GBP,1.25,USD',
].join('\n');

/** CoinGecko's side: 40 recorded days ending `end`; bitcoin's last two 57,600 then 60,000. */
export function labsReplayData(end = addDays(new Date().toISOString().slice(0, 10), -1)): ReplayData {
  const from = addDays(end, -40);
  return {
    coins: [
      { id: 'bitcoin', symbol: 'BTC', name: 'Bitcoin', rank: 1 },
      { id: 'ethereum', symbol: 'ETH', name: 'Ethereum', rank: 2 },
      { id: 'solana', symbol: 'SOL', name: 'Solana', rank: 6 },
    ],
    coingecko: {
      bitcoin: series(from, end, (i, day) =>
        day === end ? '60000' : day === addDays(end, -1) ? '57600' : String(50000 + i * 100),
      ),
      ethereum: series(from, end, (i) => String(3000 - i * 5)),
      solana: series(from, end, (i) => String(150 + i)),
    },
    trending: ['solana', 'bitcoin'],
    bitstamp: {},
    ecb: {},
  };
}
