import { createServer, type Server } from 'node:http';
import { HDKey } from '@scure/bip32';

/**
 * A Litecoin wallet for the tests of issue 18 and a local server answering Blockbook's v2 API
 * (`/api/v2/xpub/{key}`, `/api/v2/address/{address}`, `details=txs`, `page`, `pageSize`, `from`)
 * in its documented shapes: values in base units as strings, `isOwn` on an extended key's own
 * inputs and outputs, unconfirmed transactions at height -1.
 * The key is a real Ltub (Litecoin's BIP44 account key, version bytes 0x019da462) from a fixed
 * seed; Blockbook derives its addresses, so the replay only needs the wallet's own ones.
 * The wallet: 2 LTC arrive, move to another own address (only the fee leaves), then 0.5 LTC is
 * sent away with change; an unconfirmed receive is still in the mempool.
 */
export const LTUB = HDKey.fromMasterSeed(new Uint8Array(32).fill(7), {
  private: 0x019d9cfe,
  public: 0x019da462,
}).derive("m/44'/2'/0'").publicExtendedKey;
export const LTC_OWN = [
  'LQ3B36Yv2rBTxdgAdYpU2UcEZsaNwXeATk',
  'LUxXFcwXFPpRZdMv4aYu6bDwPdC2skrsiK',
  'LZ8sNyk4DKUgVQLEUZCoJtKbEnGhf4fmX8',
] as const;
export const LTC_OUTSIDE = 'MQd1fJwqBJvwLuyhr17PhEFx1swiqDbPQS';

export interface BlockbookTxData {
  txid: string;
  blockHeight: number;
  blockTime: number;
  fees: string;
  vin: { addresses: string[]; value: string; isOwn?: boolean }[];
  vout: { addresses: string[]; value: string; isOwn?: boolean }[];
}

export function ltcWallet(): BlockbookTxData[] {
  const [a, b, c] = LTC_OWN;
  const t0 = Date.UTC(2024, 4, 1) / 1000;
  const own = (address: string, value: string) => ({ addresses: [address], value, isOwn: true });
  const other = (address: string, value: string) => ({ addresses: [address], value });
  return [
    {
      txid: '1'.repeat(64),
      blockHeight: 2_700_000,
      blockTime: t0,
      fees: '10000',
      vin: [other(LTC_OUTSIDE, '200010000')],
      vout: [own(a, '200000000')],
    },
    {
      txid: '2'.repeat(64),
      blockHeight: 2_700_100,
      blockTime: t0 + 10 * 86_400,
      fees: '20000',
      vin: [own(a, '200000000')],
      vout: [own(b, '199980000')],
    },
    {
      txid: '3'.repeat(64),
      blockHeight: 2_700_200,
      blockTime: t0 + 20 * 86_400,
      fees: '30000',
      vin: [own(b, '199980000')],
      vout: [other(LTC_OUTSIDE, '50000000'), own(c, '149950000')],
    },
    {
      txid: '4'.repeat(64),
      blockHeight: -1,
      blockTime: t0 + 30 * 86_400,
      fees: '10000',
      vin: [other(LTC_OUTSIDE, '10010000')],
      vout: [own(a, '10000000')],
    },
  ];
}

export interface BlockbookReplay {
  server: Server;
  requests: string[];
  /** Replies to send before the normal ones (a 429, a 503, a page that is not JSON). */
  faults: { status: number; body: string }[];
}

/** Serves `txs` newest first for the extended key and for each address they touch. */
export function blockbook(txs: BlockbookTxData[], key: string): BlockbookReplay {
  const requests: string[] = [];
  const faults: { status: number; body: string }[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://replay');
    requests.push(`${url.pathname}${url.search}`);
    const fault = faults.shift();
    if (fault) {
      res.statusCode = fault.status;
      res.end(fault.body);
      return;
    }
    res.setHeader('content-type', 'application/json');
    const m = url.pathname.match(/^\/api\/v2\/(xpub|address)\/([^/]+)$/);
    if (!m || (m[1] === 'xpub' && m[2] !== key)) {
      res.statusCode = 400;
      res.end(JSON.stringify({ error: 'Invalid address' }));
      return;
    }
    const address = m[2] ?? '';
    const from = Number(url.searchParams.get('from') ?? '0');
    const mine = txs
      .filter((t) => t.blockHeight < 0 || t.blockHeight >= from)
      .filter((t) => m[1] === 'xpub' || [...t.vin, ...t.vout].some((io) => io.addresses.includes(address)))
      // Only an extended key's reply marks the wallet's own inputs and outputs.
      .map((t) =>
        m[1] === 'xpub'
          ? t
          : {
              ...t,
              vin: t.vin.map(({ isOwn: _, ...io }) => io),
              vout: t.vout.map(({ isOwn: _, ...io }) => io),
            },
      )
      .reverse();
    const pageSize = Number(url.searchParams.get('pageSize') ?? '1000');
    const page = Number(url.searchParams.get('page') ?? '1');
    const totalPages = Math.max(1, Math.ceil(mine.length / pageSize));
    res.end(
      JSON.stringify({
        page,
        totalPages,
        itemsOnPage: pageSize,
        address,
        balance: '0',
        txs: mine.length,
        transactions: mine.slice((page - 1) * pageSize, page * pageSize).map((t) => ({
          ...t,
          vin: t.vin.map((io, n) => ({ n, isAddress: true, ...io })),
          vout: t.vout.map((io, n) => ({ n, isAddress: true, ...io })),
          confirmations: t.blockHeight < 0 ? 0 : 1000,
          value: '0',
        })),
        ...(m[1] === 'xpub'
          ? { usedTokens: 3, tokens: LTC_OWN.map((name) => ({ type: 'XPUBAddress', name })) }
          : {}),
      }),
    );
  });
  return { server, requests, faults };
}
