import { createServer, type Server } from 'node:http';
import { deriveAddresses } from '../../src/modules/wallets/sources/esplora-api.ts';

/**
 * A Bitcoin wallet for the tests of issue 18, and a local server answering Esplora's API in
 * its documented shapes for it. The key is BIP84's test vector ("abandon … about"), whose first receive
 * address the BIP publishes. The wallet: 1 BTC arrives, moves to another of its own addresses
 * (only the fee leaves), then 0.5 BTC is sent away with change.
 */
export const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
export const OUTSIDE = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';

export function wallet() {
  const [r0, r1] = deriveAddresses(ZPUB, 0, 0, 2) as [string, string];
  const [c0] = deriveAddresses(ZPUB, 1, 0, 1) as [string];
  const t0 = Date.UTC(2024, 2, 1) / 1000;
  const tx = (
    txid: string,
    time: number,
    fee: number,
    vin: [string, number][],
    vout: [string, number][],
  ) => ({
    txid,
    fee,
    vin: vin.map(([a, v]) => ({ prevout: { scriptpubkey_address: a, value: v } })),
    vout: vout.map(([a, v]) => ({ scriptpubkey_address: a, value: v })),
    status: { confirmed: true, block_height: 830_000 + time, block_time: t0 + time * 86_400 },
  });
  const txs = [
    tx('a'.repeat(64), 0, 500, [[OUTSIDE, 100_000_500]], [[r0, 100_000_000]]),
    tx('b'.repeat(64), 10, 1_000, [[r0, 100_000_000]], [[r1, 99_999_000]]),
    tx(
      'c'.repeat(64),
      20,
      1_000,
      [[r1, 99_999_000]],
      [
        [OUTSIDE, 50_000_000],
        [c0, 49_998_000],
      ],
    ),
  ];
  return { r0, r1, c0, txs };
}

export function esplora(data: ReturnType<typeof wallet>, requests: string[] = []): Server {
  return createServer((req, res) => {
    const url = req.url ?? '/';
    requests.push(url);
    res.setHeader('content-type', 'application/json');
    const m = url.match(/^\/address\/([^/]+)(\/txs(\/chain\/[0-9a-f]+)?)?$/);
    if (!m) {
      res.statusCode = 404;
      res.end('not found');
      return;
    }
    const address = m[1];
    const mine = data.txs.filter(
      (t) =>
        t.vin.some((i) => i.prevout.scriptpubkey_address === address) ||
        t.vout.some((o) => o.scriptpubkey_address === address),
    );
    if (!m[2]) {
      res.end(
        JSON.stringify({ address, chain_stats: { tx_count: mine.length }, mempool_stats: { tx_count: 0 } }),
      );
      return;
    }
    res.end(JSON.stringify(m[3] ? [] : [...mine].reverse()));
  });
}
