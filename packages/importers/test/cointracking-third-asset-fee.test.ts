import { describe, expect, it } from 'vitest';
import { parseFile } from '../src/parse.ts';
import { chunksOf, parseStream } from '../src/parse-stream.ts';

/**
 * A CoinTracking fee in a third asset (neither Buy nor Sell currency) is kept as the row's fee
 * in that asset, unless an `Other Fee` row of the same time, asset and amount books it already
 * (then it is booked once, by that row). Layouts from fixtures/exchange-samples.
 */
const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const TEMPLATE =
  'Type,Buy Amount,Buy Currency,Sell Amount,Sell Currency,Fee,Fee Currency,Exchange,Trade-Group,Comment,Date,Tx-ID,Buy Value in Account Currency,Sell Value in Account Currency,Liquidity pool\n';
const LIST = '"Type","Buy","Cur.","Sell","Cur.","Fee","Cur.","Exchange","Group","Comment","Date"\n';

describe('CoinTracking fee in a third asset', () => {
  it('keeps a Trade’s BNB fee (buy ETH with USDT) as the row’s fee', () => {
    const r = parseFile(
      enc(`${TEMPLATE}Trade,1,ETH,2000,USDT,10,BNB,Binance,,,2024-03-01 10:00:00,t-1,,,\n`),
    );
    expect(r.format).toBe('cointracking-import');
    expect(r.errors).toEqual([]);
    expect(r.transactions).toHaveLength(1);
    expect(r.transactions[0]).toMatchObject({
      kind: 'trade',
      sent: { asset: 'USDT', amount: '2000' },
      received: { asset: 'ETH', amount: '1' },
      fee: { asset: 'BNB', amount: '10' },
      source_lines: [2],
    });
  });

  it('keeps a third-asset fee in the trade list layout and on a withdrawal', () => {
    const r = parseFile(
      enc(
        `${LIST}"Trade","1.00000000","ETH","2000.00000000","USDT","10.00000000","BNB","Binance","","","01.03.2024 10:00:00"\n` +
          `"Withdrawal","-","","100.00000000","USDT","0.00100000","ETH","Binance","","","02.03.2024 10:00:00"\n`,
      ),
    );
    expect(r.format).toBe('cointracking-trade-list');
    expect(r.errors).toEqual([]);
    expect(r.transactions.map((t) => [t.kind, t.sent, t.received, t.fee])).toEqual([
      [
        'trade',
        { asset: 'USDT', amount: '2000' },
        { asset: 'ETH', amount: '1' },
        { asset: 'BNB', amount: '10' },
      ],
      ['withdrawal', { asset: 'USDT', amount: '100' }, null, { asset: 'ETH', amount: '0.001' }],
    ]);
  });

  it('books the fee once when an Other Fee row of the same time, asset and amount books it', () => {
    const text =
      `${TEMPLATE}Trade,1,ETH,2000,USDT,10,BNB,Binance,,,2024-03-01 10:00:00,t-1,,,\n` +
      'Other Fee,,,10,BNB,,,Binance,,,2024-03-01 10:00:00,t-1.fee,,,\n' +
      'Trade,2,ETH,4000,USDT,5,BNB,Binance,,,2024-03-02 10:00:00,t-2,,,\n';
    const r = parseFile(enc(text));
    expect(r.errors).toEqual([]);
    const byId = Object.fromEntries(r.transactions.map((t) => [t.external_id, t]));
    expect(byId['t-1']?.fee ?? null).toBeNull();
    expect(byId['t-1.fee']).toMatchObject({ kind: 'fee', fee: { asset: 'BNB', amount: '10' } });
    expect(byId['t-2']?.fee).toEqual({ asset: 'BNB', amount: '5' });
  });

  it('streams the same records as parseFile', async () => {
    const text =
      `${TEMPLATE}Trade,1,ETH,2000,USDT,10,BNB,Binance,,,2024-03-01 10:00:00,t-1,,,\n` +
      'Deposit,1,BTC,,,,,Ledger,,,2024-03-01 11:00:00,d-1,,,\n' +
      'Other Fee,,,10,BNB,,,Binance,,,2024-03-01 10:00:00,t-1.fee,,,\n' +
      'Trade,2,ETH,4000,USDT,5,BNB,Binance,,,2024-03-02 10:00:00,t-2,,,\n';
    const fee = (list: { external_id?: string | null; fee?: unknown }[]) =>
      list
        .map((t) => [t.external_id, t.fee ?? null])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    const streamed: { external_id?: string | null; fee?: unknown }[] = [];
    await parseStream(chunksOf(enc(text), 40), {}, { records: (batch) => void streamed.push(...batch) });
    expect(fee(streamed)).toEqual(fee(parseFile(enc(text)).transactions));
  });

  it('refuses an Other Fee row whose Sell and Fee disagree, and a fee larger than the Sell it is in', () => {
    const r = parseFile(
      enc(
        `${TEMPLATE}Other Fee,,,0.0001,ETH,0.0002,ETH,Uniswap,,,2024-01-20 09:00:00,f-1,,,\n` +
          'Other Fee,,,0.0001,ETH,0.0001,ETH,Uniswap,,,2024-01-20 10:00:00,f-2,,,\n' +
          'Withdrawal,,,0.001,BTC,0.002,BTC,Kraken,,,2024-02-15 18:45:00,w-1,,,\n',
      ),
    );
    expect(r.errors.map((e) => [e.line, e.column])).toEqual([
      [2, 'Fee'],
      [4, 'Fee'],
    ]);
    expect(r.errors[0]?.message).toContain('0.0002 ETH');
    expect(r.errors[1]?.message).toContain('larger than');
    expect(r.transactions.map((t) => [t.external_id, t.fee])).toEqual([
      ['f-2', { asset: 'ETH', amount: '0.0001' }],
    ]);
  });
});
