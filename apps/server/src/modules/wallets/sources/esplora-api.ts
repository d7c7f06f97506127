import { HDKey } from '@scure/bip32';
import * as btc from '@scure/btc-signer';
import { stringify } from 'csv-stringify/sync';
import { getExplorerJson } from './explorer-http.ts';
import { SourceError } from './source-error.ts';

/** Extended public keys by their prefix: version bytes and the address type they stand for. */
const KEY_KINDS = {
  xpub: { version: 0x0488b21e, address: 'p2pkh' },
  ypub: { version: 0x049d7cb2, address: 'p2sh-p2wpkh' },
  zpub: { version: 0x04b24746, address: 'p2wpkh' },
} as const;
type KeyKind = keyof typeof KEY_KINDS;

const GAP_LIMIT = 20;

export function isExtendedKey(text: string): boolean {
  return /^[xyz]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/.test(text.trim());
}

/** Addresses `from`…`from + count - 1` of the receive (0) or change (1) chain of an x/y/zpub. */
export function deriveAddresses(extendedKey: string, chain: 0 | 1, from: number, count: number): string[] {
  const kind = extendedKey.slice(0, 4) as KeyKind;
  const spec = KEY_KINDS[kind];
  if (!spec) throw new SourceError('Bitcoin', 'malformed', 'not an xpub, ypub or zpub');
  const root = HDKey.fromExtendedKey(extendedKey.trim(), { private: 0, public: spec.version }).deriveChild(
    chain,
  );
  const out: string[] = [];
  for (let i = from; i < from + count; i++) {
    const pub = root.deriveChild(i).publicKey;
    if (!pub) throw new SourceError('Bitcoin', 'malformed', 'key without a public key');
    const payment =
      spec.address === 'p2pkh'
        ? btc.p2pkh(pub)
        : spec.address === 'p2wpkh'
          ? btc.p2wpkh(pub)
          : btc.p2sh(btc.p2wpkh(pub));
    if (!payment.address) throw new SourceError('Bitcoin', 'malformed', 'no address for a derived key');
    out.push(payment.address);
  }
  return out;
}

interface EsploraTx {
  txid: string;
  fee?: number;
  vin: { prevout?: { scriptpubkey_address?: string; value: number } | null }[];
  vout: { scriptpubkey_address?: string; value: number }[];
  status: { confirmed: boolean; block_time?: number; block_height?: number };
}

export interface BtcHistoryOptions {
  /** An xpub/ypub/zpub, or one address. */
  key: string;
  /** Esplora's API (Blockstream's or mempool.space's, or a replay server in tests). */
  baseURL?: string | undefined;
  retries?: number;
  backoffMs?: number;
  onProgress?: (message: string) => void | Promise<void>;
}

function get<T>(options: BtcHistoryOptions, route: string): Promise<T> {
  const base = (options.baseURL ?? 'https://blockstream.info/api').replace(/\/$/, '');
  return getExplorerJson<T>('Bitcoin', `${base}${route}`, options);
}

/** Every confirmed transaction of one address, 25 a page. */
async function addressTxs(options: BtcHistoryOptions, address: string): Promise<EsploraTx[]> {
  const out: EsploraTx[] = [];
  let page = await get<EsploraTx[]>(options, `/address/${address}/txs`);
  for (;;) {
    if (!Array.isArray(page))
      throw new SourceError('Bitcoin', 'malformed', 'a transaction list that is not a list');
    const confirmed = page.filter((t) => t.status?.confirmed);
    out.push(...confirmed);
    if (confirmed.length < 25) return out;
    page = await get<EsploraTx[]>(options, `/address/${address}/txs/chain/${confirmed.at(-1)?.txid}`);
  }
}

/** The wallet's used addresses: each chain walked until 20 unused addresses in a row. */
async function usedAddresses(options: BtcHistoryOptions): Promise<string[]> {
  const key = options.key.trim();
  if (!isExtendedKey(key)) return [key];
  const used: string[] = [];
  for (const chain of [0, 1] as const) {
    let unused = 0;
    for (let i = 0; unused < GAP_LIMIT; i += GAP_LIMIT) {
      for (const address of deriveAddresses(key, chain, i, GAP_LIMIT)) {
        const stats = await get<{ chain_stats?: { tx_count?: number } }>(options, `/address/${address}`);
        if ((stats.chain_stats?.tx_count ?? 0) > 0) {
          used.push(address);
          unused = 0;
        } else unused++;
        if (unused >= GAP_LIMIT) break;
      }
      await options.onProgress?.(`Checked ${i + GAP_LIMIT} ${chain === 0 ? 'receive' : 'change'} addresses`);
    }
  }
  return used;
}

const btcText = (sats: number) => {
  const negative = sats < 0;
  const abs = Math.abs(sats).toString().padStart(9, '0');
  const text = `${abs.slice(0, -8)}.${abs.slice(-8)}`.replace(/\.?0+$/, '');
  return `${negative ? '-' : ''}${text}`;
};

/**
 * A Bitcoin wallet's history (an xpub/ypub/zpub with its receive and change chains, or one
 * address) from an Esplora API, as Electrum's history export: one line per transaction with
 * its net effect on the whole wallet and the fee when the wallet paid it. A transfer between
 * two of the wallet's own addresses nets to its fee alone: no deposit, no withdrawal.
 */
export async function fetchBtcHistory(options: BtcHistoryOptions) {
  const addresses = await usedAddresses(options);
  const own = new Set(addresses);
  const txs = new Map<string, EsploraTx>();
  for (const address of addresses) for (const t of await addressTxs(options, address)) txs.set(t.txid, t);
  const lines = [...txs.values()]
    .sort((a, b) => (a.status.block_time ?? 0) - (b.status.block_time ?? 0))
    .map((t) => {
      const received = t.vout.reduce(
        (n, o) => n + (o.scriptpubkey_address && own.has(o.scriptpubkey_address) ? o.value : 0),
        0,
      );
      const spent = t.vin.reduce(
        (n, i) =>
          n +
          (i.prevout?.scriptpubkey_address && own.has(i.prevout.scriptpubkey_address) ? i.prevout.value : 0),
        0,
      );
      const paid = spent > 0 ? (t.fee ?? 0) : 0;
      const time = new Date((t.status.block_time ?? 0) * 1000).toISOString().slice(0, 19).replace('T', ' ');
      return [t.txid, '', '', btcText(received - spent), '', btcText(paid), '', time];
    });
  const csv = stringify(lines, {
    header: true,
    columns: [
      'transaction_hash',
      'label',
      'confirmations',
      'value',
      'fiat_value',
      'fee',
      'fiat_fee',
      'timestamp',
    ],
  });
  return { csv, addresses, transactions: lines.length };
}
