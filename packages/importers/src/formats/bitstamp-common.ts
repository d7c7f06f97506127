import type { AssetAmount, TransactionKind } from '@lotwise/contracts/normalised';
import { exchange, tx } from '../core/records.ts';
import type { ParseContext } from '../core/types.ts';

/** Bitstamp transaction types (§6.3) → records; shared by the current and legacy layouts. */
export interface BitstampRow {
  line: number;
  timestamp: string;
  type: string;
  subtype: string;
  amount: AssetAmount;
  value: AssetAmount | null;
  fee: AssetAmount | null;
  external_id: string | null;
}

const SIMPLE: Record<string, { kind: TransactionKind; subtype: string | null; out: boolean }> = {
  deposit: { kind: 'deposit', subtype: null, out: false },
  'ripple deposit': { kind: 'deposit', subtype: null, out: false },
  withdrawal: { kind: 'withdrawal', subtype: null, out: true },
  'ripple payment': { kind: 'withdrawal', subtype: null, out: true },
  'staking reward': { kind: 'income', subtype: 'staking', out: false },
};

export function bitstampAsset(a: string): string {
  const up = a.toUpperCase();
  return up === 'ETH2R' ? 'ETH2' : up;
}

/** Returns an error message for an unknown type, otherwise emits or skips. */
export function emitBitstamp(r: BitstampRow, ctx: ParseContext): string | null {
  const type = r.type.toLowerCase();
  const lines = [r.line];
  if (type === 'market') {
    if (!r.value) return 'a Market row needs Value';
    const side = r.subtype.toLowerCase();
    if (side !== 'buy' && side !== 'sell') return `Market subtype must be Buy or Sell, got "${r.subtype}"`;
    const [sent, received] = side === 'buy' ? [r.value, r.amount] : [r.amount, r.value];
    ctx.emit(
      exchange({ timestamp: r.timestamp, lines, sent, received, fee: r.fee, external_id: r.external_id }),
    );
    return null;
  }
  if (type === 'sub account transfer') {
    ctx.skip(lines, 'internal move between Bitstamp sub-accounts');
    return null;
  }
  const s = SIMPLE[type];
  if (!s) return `unknown Bitstamp transaction type "${r.type}"`;
  ctx.emit(
    tx({
      timestamp: r.timestamp,
      kind: s.kind,
      subtype: s.subtype,
      lines,
      sent: s.out ? r.amount : null,
      received: s.out ? null : r.amount,
      fee: r.fee,
      external_id: r.external_id,
    }),
  );
  return null;
}
