import type { NormalisedTransaction } from '@lotwise/contracts/normalised';
import type { Decimal } from './decimal.ts';
import { exchange, money, type TxInput, tx } from './records.ts';

/**
 * One signed balance change. Several sources write a swap as two or more such rows (Coinbase
 * two-row Convert, Kraken ledgers, Binance statements, OKX, Bybit, Gate.io): collect the legs
 * of one event, then turn them into a single record.
 */
export interface Leg {
  line: number;
  asset: string;
  amount: Decimal; // signed: negative = out
  fee?: Decimal | null; // positive fee charged in `asset`
}

export type Base = Omit<TxInput, 'kind' | 'lines' | 'sent' | 'received' | 'fee'>;

/**
 * Combine legs into a record: one asset out and one in = exchange; only in = deposit/income;
 * only out = withdrawal/spend. Fee legs (already separated by the caller) are summed per asset;
 * a fee in the sent or received asset goes into the record, a third-asset fee becomes an extra
 * `fee` record with the same timestamp (§2). Returns null when the legs do not fit that shape.
 */
export function combineLegs(
  legs: Leg[],
  fees: Leg[],
  base: Base,
  single: {
    inKind?: TxInput['kind'];
    outKind?: TxInput['kind'];
    subtype?: string | null;
    /** A trade must have both legs; one-sided groups mean a row was lost (return null). */
    requireBoth?: boolean;
  } = {},
): NormalisedTransaction[] | null {
  const ins = sumByAsset(legs.filter((l) => l.amount.isPositive() && !l.amount.isZero()));
  const outs = sumByAsset(legs.filter((l) => l.amount.isNegative()));
  const feeTotals = sumByAsset([
    ...fees.map((f) => ({ ...f, amount: f.amount.abs() })),
    ...legs.filter((l) => l.fee && !l.fee.isZero()).map((l) => ({ ...l, amount: (l.fee as Decimal).abs() })),
  ]);
  if (ins.size > 1 || outs.size > 1) return null;
  const lines = [...new Set([...legs, ...fees].map((l) => l.line))];
  const [inAsset, inAmount] = [...ins][0] ?? [null, null];
  const [outAsset, outAmount] = [...outs][0] ?? [null, null];
  const sent = outAsset && outAmount ? money(outAsset, outAmount) : null;
  const received = inAsset && inAmount ? money(inAsset, inAmount) : null;

  // One fee per record (prefer one in a traded asset); any further fee asset becomes its own
  // `fee` record with the same timestamp (§2).
  let fee = null;
  const extra: NormalisedTransaction[] = [];
  const own = (asset: string): number => (asset === outAsset || asset === inAsset ? 0 : 1);
  const ordered = [...feeTotals].filter(([, a]) => !a.isZero()).sort((a, b) => own(a[0]) - own(b[0]));
  for (const [asset, amount] of ordered) {
    if (fee === null) fee = money(asset, amount);
    else
      extra.push(
        tx({ ...base, kind: 'fee', lines, fee: money(asset, amount), subtype: base.subtype ?? null }),
      );
  }
  if (single.requireBoth && !(sent && received)) return null;
  // With no in/out leg at all the only movement is a fee.
  if (!sent && !received) {
    if (fee) return [tx({ ...base, kind: 'fee', lines, fee }), ...extra];
    return extra.length > 0 ? extra : null;
  }
  let main: NormalisedTransaction;
  if (sent && received) main = exchange({ ...base, lines, sent, received, fee });
  else if (received)
    main = tx({
      ...base,
      kind: single.inKind ?? 'deposit',
      lines,
      received,
      fee,
      subtype: single.subtype ?? base.subtype ?? null,
    });
  else
    main = tx({
      ...base,
      kind: single.outKind ?? 'withdrawal',
      lines,
      sent,
      fee,
      subtype: single.subtype ?? base.subtype ?? null,
    });
  return [main, ...extra];
}

function sumByAsset(legs: { asset: string; amount: Decimal }[]): Map<string, Decimal> {
  const out = new Map<string, Decimal>();
  for (const l of legs) {
    const prev = out.get(l.asset);
    out.set(l.asset, prev ? prev.plus(l.amount) : l.amount);
  }
  return out;
}
