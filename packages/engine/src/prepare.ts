import { isFiat, isWellFormedAsset } from './assets.ts';
import { chooseOperation, rankOf } from './classify.ts';
import type { LocalCalendar } from './dates.ts';
import { parseLocalInstant, yearOf } from './dates.ts';
import { DECIMAL_NEGATIVE, DECIMAL_ZERO, scanDecimal } from './decimal.ts';
import {
  CRYPTO_LEG,
  type EngineEvent,
  FEE,
  FEE_FIAT,
  FIAT_LEG,
  FIAT_VALUE,
  Leg,
  type LegShape,
  PreparedRow,
  type PreparedRows,
  RECEIVED,
  RECEIVED_FIAT,
  SENT,
  SENT_FIAT,
} from './events.ts';
import { parseFixed } from './fixed.ts';
import { IdSet } from './id-set.ts';
import { pairHalves } from './pairs.ts';
import type { EngineTransaction, EngineWarning } from './types.ts';

export interface PrepareContext {
  calendar: LocalCalendar;
  knownAssets: ReadonlySet<string> | undefined;
  warn: (warning: EngineWarning) => void;
  markInvalid: (txId: string) => void;
}

type LegResult = LegShape | null | 'invalid';

/**
 * Validates rows, turns them into events, links pairs and sorts: timestamp, then
 * acquisitions before disposals, then import order. Bad rows become warnings, never throws.
 */
export function prepareEvents(transactions: readonly EngineTransaction[], ctx: PrepareContext): PreparedRows {
  const events: PreparedRow[] = [];
  const instants = new Float64Array(transactions.length);
  const seenIds = new IdSet(transactions.length);
  // Rows of one wallet should come in date order; wallets may interleave freely.
  const latest = new Map<string, number>();
  for (let index = 0; index < transactions.length; index++) {
    const event = toEvent(transactions[index]!, index, ctx, seenIds, instants);
    if (event === null) continue;
    const ms = instants[index]!;
    const previous = latest.get(event.wallet);
    if (previous !== undefined && ms < previous) {
      ctx.warn({
        code: 'out_of_order',
        txId: event.id,
        message: `Transaction ${event.id} is dated before the row above it in ${event.wallet}; rows are sorted by date before calculating.`,
      });
    } else if (previous !== ms) {
      latest.set(event.wallet, ms);
    }
    events.push(event);
  }
  const paired = pairHalves(events, instants, ctx.warn);
  const compare = (a: PreparedRow, b: PreparedRow): number =>
    instants[a.slot]! - instants[b.slot]! || a.rank - b.rank || a.index - b.index;
  if (!isSorted(paired, compare)) paired.sort(compare);
  return { rows: paired, instants };
}

function isSorted(
  events: readonly PreparedRow[],
  compare: (a: PreparedRow, b: PreparedRow) => number,
): boolean {
  for (let i = 1; i < events.length; i++) {
    if (compare(events[i - 1]!, events[i]!) > 0) return false;
  }
  return true;
}

function toEvent(
  tx: EngineTransaction,
  index: number,
  ctx: PrepareContext,
  seenIds: IdSet,
  instants: Float64Array,
): PreparedRow | null {
  const id = typeof tx?.id === 'string' && tx.id !== '' ? tx.id : `#${index + 1}`;
  if (tx === null || typeof tx !== 'object') {
    ctx.warn({ code: 'bad_amount', txId: id, message: `Row ${id} is not a transaction object; skipped.` });
    return null;
  }
  if (tx.ignored === true || tx.classification === 'ignore') return null;
  if (!seenIds.add(id)) {
    ctx.warn({ code: 'duplicate_id', txId: id, message: `Transaction id ${id} appears more than once.` });
  }
  const ms = parseLocalInstant(tx.timestamp, ctx.calendar);
  if (ms === null) {
    ctx.warn({
      code: 'bad_timestamp',
      txId: id,
      message: `Transaction ${id} has no usable timestamp (${String(tx.timestamp)}); skipped.`,
    });
    ctx.markInvalid(id);
    return null;
  }
  const sent = readLeg(tx.sent, 'sent', id, ctx);
  const received = readLeg(tx.received, 'received', id, ctx);
  const fee = readLeg(tx.fee, 'fee', id, ctx);
  if (sent === 'invalid' || received === 'invalid' || fee === 'invalid') {
    ctx.markInvalid(id);
    return null;
  }
  const hasFiatValue = checkFiatValue(tx, id, ctx);
  const op = chooseOperation(String(tx.kind), tx.classification, sent, received, fee);
  instants[index] = ms;
  return new PreparedRow(
    tx,
    id,
    typeof tx.wallet === 'string' && tx.wallet !== '' ? tx.wallet : 'default',
    index,
    index,
    rankOf(op),
    op,
    shapeBits(sent, SENT, SENT_FIAT) |
      shapeBits(received, RECEIVED, RECEIVED_FIAT) |
      shapeBits(fee, FEE, FEE_FIAT) |
      (hasFiatValue ? FIAT_VALUE : 0),
  );
}

function shapeBits(leg: LegShape | null, present: number, fiat: number): number {
  return leg === null ? 0 : leg.fiat ? present | fiat : present;
}

/**
 * The row as handlers see it, built just before it is processed: legs with their amounts
 * (validated earlier, parsed on first use) and the fiat value.
 */
export function materialise(row: PreparedRow, prepared: PreparedRows, calendar: LocalCalendar): EngineEvent {
  const tx = row.tx;
  const shape = row.shape;
  const fiat = (shape & FIAT_VALUE) !== 0 ? tx.fiat_value! : null;
  const ms = prepared.instants[row.slot]!;
  const day = calendar.day(ms);
  return {
    tx,
    id: row.id,
    wallet: row.wallet,
    index: row.index,
    ms,
    day,
    year: yearOf(day),
    rank: row.rank,
    op: row.op,
    sent: (shape & SENT) === 0 ? null : buildLeg(tx.sent!, (shape & SENT_FIAT) !== 0),
    received: (shape & RECEIVED) === 0 ? null : buildLeg(tx.received!, (shape & RECEIVED_FIAT) !== 0),
    fee: (shape & FEE) === 0 ? null : buildLeg(tx.fee!, (shape & FEE_FIAT) !== 0),
    fiatValue: fiat === null ? null : absFixed(fiat.amount),
    fiatCurrency: fiat === null ? '' : fiat.currency.trim(),
    partner: row.partner === null ? null : materialise(row.partner, prepared, calendar),
  };
}

function buildLeg(raw: { asset: string; amount: unknown }, fiat: boolean): Leg {
  return new Leg(raw.asset.trim(), absFixed(raw.amount), fiat);
}

/** The absolute value of a validated amount, in fixed point. */
function absFixed(amount: unknown): bigint {
  const value = parseFixed(typeof amount === 'number' ? String(amount) : (amount as string).trim());
  return value < 0n ? -value : value;
}

function readLeg(raw: unknown, which: string, id: string, ctx: PrepareContext): LegResult {
  if (raw === null || raw === undefined) return null;
  const leg = raw as { asset?: unknown; amount?: unknown };
  const asset = typeof leg.asset === 'string' ? leg.asset.trim() : leg.asset;
  if (!isWellFormedAsset(asset)) {
    ctx.warn({
      code: 'unknown_asset',
      txId: id,
      message: `Transaction ${id}: the ${which} asset code ${JSON.stringify(leg.asset)} is not usable; row skipped.`,
    });
    return 'invalid';
  }
  const text = amountText(leg.amount);
  const scan = text === null ? 0 : scanDecimal(text);
  if (text === null || scan === 0) {
    ctx.warn({
      code: 'bad_amount',
      txId: id,
      message: `Transaction ${id}: the ${which} amount ${JSON.stringify(leg.amount)} is not a number; row skipped.`,
    });
    return 'invalid';
  }
  const fiat = isFiat(asset);
  // A zero crypto leg moves nothing; a zero fiat leg is still a value (bought for nothing).
  if ((scan & DECIMAL_ZERO) !== 0) return fiat ? FIAT_LEG : null;
  if ((scan & DECIMAL_NEGATIVE) !== 0) {
    ctx.warn({
      code: 'negative_amount',
      txId: id,
      message: `Transaction ${id}: negative ${which} amount ${String(leg.amount)} taken as its absolute value.`,
    });
  }
  if (!fiat && ctx.knownAssets !== undefined && !ctx.knownAssets.has(asset)) {
    ctx.warn({
      code: 'unknown_asset',
      txId: id,
      message: `Transaction ${id}: unknown asset ${asset} (${which}); calculated, but check the code.`,
    });
  }
  return fiat ? FIAT_LEG : CRYPTO_LEG;
}

/** The trimmed text of an amount (a string or a finite number), or null; not yet validated. */
function amountText(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value !== 'string') return null;
  return value.trim();
}

function checkFiatValue(tx: EngineTransaction, id: string, ctx: PrepareContext): boolean {
  const raw = tx.fiat_value;
  if (raw === null || raw === undefined) return false;
  const text = amountText(raw.amount);
  if (text === null || scanDecimal(text) === 0 || typeof raw.currency !== 'string') {
    ctx.warn({
      code: 'bad_amount',
      txId: id,
      message: `Transaction ${id}: fiat value ${JSON.stringify(raw.amount)} is not a number; ignored.`,
    });
    return false;
  }
  return true;
}
