/**
 * Turns the yardstick generator's universal CSV files (bench/floor/gen-universal.mjs) into
 * RP2's input: an .ods with one sheet per asset (IN, OUT and INTRA tables) and its .ini.
 * Each row keeps the meaning Lotwise gives it, in RP2's terms:
 *
 * - buy (USD spent, fee in USD): IN BUY, basis = spend + fee (fiat_in_with_fee);
 * - sell (fee in USD): OUT SELL, proceeds = value − fee (fiat_out_no_fee; RP2's OUT rows have
 *   no fiat fee that reduces proceeds);
 * - trade, fee in the received asset: OUT SELL of the sent asset at the value, IN BUY of the
 *   received units net of the fee at the same value;
 * - transfer out + transfer in (one hash): INTRA, sent = amount + network fee, received =
 *   amount, spot = value ÷ amount (Lotwise prices the fee from the row's sent leg the same way),
 *   so RP2's fee event is Lotwise's transfer_fee line;
 * - reward / airdrop / mining / loan interest / income: IN STAKING / AIRDROP / MINING /
 *   INTEREST / INCOME at the row's value;
 * - cost: OUT SELL at the value (Lotwise: a taxable spend); gift, donation, lost: OUT GIFT,
 *   DONATE, LOST (Lotwise takes no gain on these; RP2 reports them in sheets of their own, which
 *   the comparison leaves out).
 *
 * Numbers go in as float cells holding the exact decimal text: RP2 reads a cell's float and
 * rounds it to 11 places, plenty for the generator's 8-place amounts and 2-place values.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Dec } from '@lotwise/engine/decimal';
import { type AssetSheet, type Cell, HOLDER, iniFile, odsFile } from './rp2-ods.ts';

const INCOME_TYPE: Record<string, string> = {
  reward: 'STAKING',
  airdrop: 'AIRDROP',
  mining: 'MINING',
  'loan interest': 'INTEREST',
  income: 'INCOME',
};
const REMOVAL_TYPE: Record<string, string> = { cost: 'SELL', gift: 'GIFT', donation: 'DONATE', lost: 'LOST' };

export interface Rp2Input {
  ods: Buffer[];
  ini: string;
  rows: number;
}

/**
 * A unit price to 20 significant digits (RP2 keeps 11 places of it). RP2 refuses a price of 0:
 * a row worth nothing (a dust trade's "0.00") gets its smallest price, 10^-11, whose value
 * rounds to 0.00 on any amount the generator writes.
 */
function spot(value: string, amount: string): string {
  const price = new Dec(value).div(amount);
  return price.isZero() ? '0.00000000001' : price.toSignificantDigits(20).toFixed();
}

/** A fiat amount: RP2 refuses 0 where it may compute the figure itself, so 0 is left empty. */
const fiat = (x: string): Cell => (new Dec(x).isZero() ? null : { n: x });

/** An IN row (IN_HEADER): `value` bought `amount` units, plus a fiat fee (basis = value + fee). */
function inRow(
  at: string,
  asset: string,
  wallet: string,
  type: string,
  value: string,
  amount: string,
  fee: string,
  hash: string,
  notes: string,
): Cell[] {
  return [
    at,
    asset,
    wallet,
    HOLDER,
    type,
    { n: spot(value, amount) },
    { n: amount },
    fiat(fee),
    fiat(value),
    fiat(plus(value, fee)),
    hash,
    notes,
  ];
}

/** An OUT row (OUT_HEADER): `amount` units left for `value` (the proceeds), no crypto fee. */
function outRow(
  at: string,
  asset: string,
  wallet: string,
  type: string,
  value: string,
  amount: string,
  hash: string,
  notes: string,
): Cell[] {
  return [
    at,
    asset,
    wallet,
    HOLDER,
    type,
    { n: spot(value, amount) },
    { n: amount },
    { n: '0' },
    fiat(value),
    hash,
    notes,
  ];
}

const minus = (a: string, b: string) => new Dec(a).minus(b).toFixed();
const plus = (a: string, b: string) => new Dec(a).plus(b).toFixed();
const stamp = (date: string) => `${date}+00:00`;

interface PendingOut {
  date: string;
  asset: string;
  from: string;
  sent: string;
  fee: string;
  value: string;
  hash: string;
}

/** Reads every wallet file of DIR and builds RP2's input for it. */
export function rp2Input(dir: string): Rp2Input {
  const sheets = new Map<string, AssetSheet>();
  const sheet = (asset: string) => {
    let s = sheets.get(asset);
    if (s === undefined) {
      s = { in: [], out: [], intra: [] };
      sheets.set(asset, s);
    }
    return s;
  };
  const wallets: string[] = [];
  const outs = new Map<string, PendingOut>();
  const ins = new Map<string, string>(); // hash → receiving wallet
  let rows = 0;
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.csv'))
    .sort()) {
    const wallet = path.basename(file, '.csv');
    wallets.push(wallet);
    const lines = readFileSync(path.join(dir, file), 'utf8').split('\n');
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i]!;
      if (line === '') continue;
      if (line.includes('"')) throw new Error(`${file} line ${i + 1}: quoted cells are not the generator's`);
      const [date, sentA, sentC, recvA, recvC, feeA, , worth, , , desc, hash] = line.split(',') as string[];
      const at = stamp(date!);
      rows++;
      if (desc === 'buy') {
        sheet(recvC!).in.push(inRow(at, recvC!, wallet, 'BUY', sentA!, recvA!, feeA!, hash!, desc));
      } else if (desc === 'sell') {
        sheet(sentC!).out.push(outRow(at, sentC!, wallet, 'SELL', minus(recvA!, feeA!), sentA!, hash!, desc));
      } else if (desc === 'trade') {
        sheet(sentC!).out.push(outRow(at, sentC!, wallet, 'SELL', worth!, sentA!, hash!, desc));
        sheet(recvC!).in.push(
          inRow(at, recvC!, wallet, 'BUY', worth!, minus(recvA!, feeA!), '0', hash!, desc),
        );
      } else if (desc === 'transfer out') {
        outs.set(hash!, {
          date: at,
          asset: sentC!,
          from: wallet,
          sent: sentA!,
          fee: feeA!,
          value: worth!,
          hash: hash!,
        });
      } else if (desc === 'transfer in') {
        ins.set(hash!, wallet);
      } else if (desc! in INCOME_TYPE) {
        sheet(recvC!).in.push(
          inRow(at, recvC!, wallet, INCOME_TYPE[desc!]!, worth!, recvA!, '0', hash!, desc!),
        );
      } else if (desc! in REMOVAL_TYPE) {
        sheet(sentC!).out.push(
          outRow(at, sentC!, wallet, REMOVAL_TYPE[desc!]!, worth!, sentA!, hash!, desc!),
        );
      } else {
        throw new Error(`${file} line ${i + 1}: "${desc}" is not a row kind of the generator`);
      }
    }
  }
  for (const out of outs.values()) {
    const to = ins.get(out.hash);
    if (to === undefined) throw new Error(`transfer ${out.hash} has no receiving row`);
    sheet(out.asset).intra.push([
      out.date,
      out.asset,
      out.from,
      HOLDER,
      to,
      HOLDER,
      { n: spot(out.value, out.sent) },
      { n: plus(out.sent, out.fee) },
      { n: out.sent },
      out.hash,
      'transfer',
    ]);
  }
  const assets = [...sheets.keys()].sort();
  return { ods: odsFile(assets, sheets), ini: iniFile(assets, wallets), rows };
}
