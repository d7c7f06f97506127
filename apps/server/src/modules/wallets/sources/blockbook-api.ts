import { stringify } from 'csv-stringify/sync';
import Decimal from 'decimal.js';
import { getExplorerJson } from './explorer-http.ts';
import { SourceError } from './source-error.ts';

/**
 * The Bitcoin-family coins read through a Blockbook server (the explorer behind Trezor Suite):
 * their name, unit, decimals and the public instance used when the operator names none.
 */
export const BLOCKBOOK_COINS = {
  ltc: { label: 'Litecoin', unit: 'LTC', decimals: 8, defaultUrl: 'https://ltc1.trezor.io' },
  doge: { label: 'Dogecoin', unit: 'DOGE', decimals: 8, defaultUrl: 'https://doge1.trezor.io' },
  bch: { label: 'Bitcoin Cash', unit: 'BCH', decimals: 8, defaultUrl: 'https://bch1.trezor.io' },
  dash: { label: 'Dash', unit: 'DASH', decimals: 8, defaultUrl: 'https://dash1.trezor.io' },
} as const;
export type BlockbookCoin = keyof typeof BLOCKBOOK_COINS;

export const isBlockbookCoin = (coin: string): coin is BlockbookCoin => coin in BLOCKBOOK_COINS;

/** Addresses of each coin (legacy, P2SH, bech32; Bitcoin Cash also as cashaddr). */
const ADDRESS: Record<BlockbookCoin, RegExp> = {
  ltc: /^([LM3][1-9A-HJ-NP-Za-km-z]{25,34}|ltc1[02-9ac-hj-np-z]{11,87})$/,
  doge: /^[DA9][1-9A-HJ-NP-Za-km-z]{25,34}$/,
  bch: /^((bitcoincash:)?[qp][02-9ac-hj-np-z]{41}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/,
  dash: /^[X7][1-9A-HJ-NP-Za-km-z]{25,34}$/,
};
/** xpub/ypub/zpub and the coins' own prefixes (Ltub, Mtub, dgub, drkp…): Blockbook derives them. */
const EXTENDED_KEY = /^[a-zA-Z]{4}[1-9A-HJ-NP-Za-km-z]{100,112}$/;

export function isBlockbookAddress(coin: BlockbookCoin, text: string): boolean {
  return ADDRESS[coin].test(text.trim());
}
export function isBlockbookExtendedKey(text: string): boolean {
  return EXTENDED_KEY.test(text.trim());
}

interface BlockbookIo {
  addresses?: string[];
  value?: string;
  isOwn?: boolean;
}
interface BlockbookTx {
  txid: string;
  vin: BlockbookIo[];
  vout: BlockbookIo[];
  blockHeight: number;
  blockTime: number;
  fees?: string;
}
interface BlockbookPage {
  page?: number;
  totalPages?: number;
  transactions?: BlockbookTx[];
  tokens?: { name: string }[];
}

export interface BlockbookHistoryOptions {
  coin: BlockbookCoin;
  /** One address, or an extended public key (the server walks its chains, gap limit 20). */
  key: string;
  baseURL?: string | undefined;
  /** Only transactions in this block or later (a resync). */
  fromBlock?: number | undefined;
  pageSize?: number;
  retries?: number;
  backoffMs?: number;
  onPage?: (transactions: number, page: number, pages: number) => void | Promise<void>;
}

/** Bitcoin Cash addresses compare without their `bitcoincash:` prefix. */
const bare = (address: string) => address.replace(/^bitcoincash:/i, '').toLowerCase();

async function pages(options: BlockbookHistoryOptions): Promise<BlockbookTx[]> {
  const { label } = BLOCKBOOK_COINS[options.coin];
  const base = (options.baseURL ?? BLOCKBOOK_COINS[options.coin].defaultUrl).replace(/\/$/, '');
  const key = options.key.trim();
  const route = isBlockbookExtendedKey(key) ? `xpub/${key}` : `address/${key}`;
  const out: BlockbookTx[] = [];
  for (let page = 1; ; page++) {
    const query = new URLSearchParams({
      details: 'txs',
      page: String(page),
      pageSize: String(options.pageSize ?? 1000),
      ...(route.startsWith('xpub/') ? { tokens: 'used' } : {}),
      ...(options.fromBlock !== undefined ? { from: String(options.fromBlock) } : {}),
    });
    const reply = await getExplorerJson<BlockbookPage>(label, `${base}/api/v2/${route}?${query}`, options);
    const txs = reply.transactions ?? [];
    if (!Array.isArray(txs) || (typeof reply.totalPages !== 'number' && txs.length > 0))
      throw new SourceError(label, 'malformed', `page ${page}: not a Blockbook transaction list`);
    for (const t of txs) {
      if (typeof t?.txid !== 'string' || !Array.isArray(t.vin) || !Array.isArray(t.vout))
        throw new SourceError(label, 'malformed', `page ${page}: a transaction without txid, vin or vout`);
    }
    out.push(...txs);
    const total = reply.totalPages ?? 0;
    await options.onPage?.(out.length, page, total);
    if (page >= total || txs.length === 0) return out;
  }
}

/**
 * A Bitcoin-family wallet's history (one address or an extended key) from Blockbook, as Trezor
 * Suite's transaction export (Trezor Suite reads the same server): per transaction its net
 * effect on the wallet — RECV, SENT with the fee the wallet paid, or SELF when only the fee
 * left it (a move between its own addresses is neither income nor a disposal).
 * Unconfirmed transactions wait for the next sync.
 */
export async function fetchBlockbookHistory(options: BlockbookHistoryOptions) {
  const coin = BLOCKBOOK_COINS[options.coin];
  const txs = (await pages(options)).filter((t) => t.blockHeight > 0 && t.blockTime > 0);
  const single = isBlockbookExtendedKey(options.key) ? null : bare(options.key);
  const own = (io: BlockbookIo) =>
    single === null ? io.isOwn === true : (io.addresses ?? []).some((a) => bare(a) === single);
  const units = (sats: Decimal) => sats.div(new Decimal(10).pow(coin.decimals)).toFixed();
  const sum = (ios: BlockbookIo[]) => ios.reduce((n, io) => n.plus(io.value ?? '0'), new Decimal(0));
  const lines: string[][] = [];
  let latestBlock: number | null = null;
  const seen = new Set<string>();
  for (const t of txs.sort((a, b) => a.blockTime - b.blockTime || a.txid.localeCompare(b.txid))) {
    if (seen.has(t.txid)) continue;
    seen.add(t.txid);
    latestBlock = Math.max(latestBlock ?? 0, t.blockHeight);
    const received = sum(t.vout.filter(own));
    const spent = sum(t.vin.filter(own));
    const when = new Date(t.blockTime * 1000).toISOString();
    const date = `${when.slice(8, 10)}.${when.slice(5, 7)}.${when.slice(0, 4)}`;
    const time = `${when.slice(11, 19)} GMT+0`;
    const row = (type: string, fee: Decimal, address: string, amount: Decimal) => [
      String(t.blockTime),
      date,
      time,
      type,
      t.txid,
      fee.isZero() ? '' : units(fee),
      coin.unit,
      address,
      '',
      units(amount),
      coin.unit,
      '',
    ];
    const firstOwn = t.vout.find(own)?.addresses?.[0] ?? options.key.trim();
    if (spent.isZero()) {
      if (received.isZero()) continue;
      lines.push(row('RECV', new Decimal(0), firstOwn, received));
      continue;
    }
    const left = spent.minus(received);
    if (left.lte(0)) {
      // The wallet took part in a transaction that paid it more than it put in (a coinjoin).
      if (left.lt(0)) lines.push(row('RECV', new Decimal(0), firstOwn, left.neg()));
      continue;
    }
    const fee = Decimal.min(new Decimal(t.fees ?? '0'), left);
    const sent = left.minus(fee);
    if (sent.isZero()) {
      lines.push(row('SELF', fee, firstOwn, new Decimal(0)));
      continue;
    }
    const to = t.vout
      .filter((o) => !own(o))
      .flatMap((o) => o.addresses ?? [])
      .join(' ');
    lines.push(row('SENT', fee, to, sent));
  }
  const csv = stringify(lines, {
    header: true,
    delimiter: ';',
    columns: [
      'Timestamp',
      'Date',
      'Time',
      'Type',
      'Transaction ID',
      'Fee',
      'Fee unit',
      'Address',
      'Label',
      'Amount',
      'Amount unit',
      'Other',
    ],
  });
  return { csv, transactions: lines.length, latestBlock };
}
