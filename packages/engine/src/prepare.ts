import { isFiat, isWellFormedAsset } from './assets.ts';
import { chooseOperation } from './classify.ts';
import type { LocalCalendar } from './dates.ts';
import { parseLocalInstant, yearOf } from './dates.ts';
import { DECIMAL_NEGATIVE, DECIMAL_ZERO, scanDecimal } from './decimal.ts';
import {
  CRYPTO_LEG,
  type EngineEvent,
  FEE,
  FEE_FIAT,
  FEE_PRICE,
  FIAT_LEG,
  FIAT_VALUE,
  Leg,
  type LegShape,
  PreparedRows,
  RECEIVED,
  RECEIVED_FIAT,
  rowId,
  rowWallet,
  SENT,
  SENT_FIAT,
} from './events.ts';
import { isFixedText, parseFixed } from './fixed.ts';
import { IdSet } from './id-set.ts';
import { pairHalves } from './pairs.ts';
import type { EngineTransaction, EngineWarning } from './types.ts';

export interface PrepareContext {
  calendar: LocalCalendar;
  knownAssets: ReadonlySet<string> | undefined;
  /** Warn about each row dated before the one above it in its wallet (off: sorting is normal). */
  warnOutOfOrder?: boolean;
  warn: (warning: EngineWarning) => void;
  markInvalid: (txId: string) => void;
}

type LegResult = LegShape | null | 'invalid';

/**
 * Validates rows, turns them into events, links pairs and sorts: timestamp, then
 * acquisitions before disposals, then import order. Bad rows become warnings, never throws.
 */
export function prepareEvents(transactions: readonly EngineTransaction[], ctx: PrepareContext): PreparedRows {
  const prepared = new PreparedRows(transactions);
  const slots: number[] = [];
  const seenIds = new IdSet(transactions.length);
  // Rows of one wallet should come in date order; wallets may interleave freely.
  const latest = new Map<string, number>();
  for (let slot = 0; slot < transactions.length; slot++) {
    const tx = transactions[slot]!;
    if (!readRow(tx, slot, ctx, seenIds, prepared)) continue;
    const ms = prepared.instants[slot]!;
    const wallet = rowWallet(tx);
    const previous = latest.get(wallet);
    if (previous !== undefined && ms < previous) {
      if (ctx.warnOutOfOrder) {
        const id = rowId(tx, slot);
        ctx.warn({
          code: 'out_of_order',
          txId: id,
          message: `Transaction ${id} is dated before the row above it in ${wallet}; rows are sorted by date before calculating.`,
        });
      }
    } else if (previous !== ms) {
      latest.set(wallet, ms);
    }
    slots.push(slot);
  }
  const paired = pairHalves(slots, prepared, ctx.warn);
  if (!isSorted(paired, prepared.compare)) paired.sort(prepared.compare);
  prepared.order = paired;
  return prepared;
}

function isSorted(slots: readonly number[], compare: (a: number, b: number) => number): boolean {
  for (let i = 1; i < slots.length; i++) {
    if (compare(slots[i - 1]!, slots[i]!) > 0) return false;
  }
  return true;
}

/** Validates one row and records it in `prepared`; false when it is skipped. */
function readRow(
  tx: EngineTransaction,
  slot: number,
  ctx: PrepareContext,
  seenIds: IdSet,
  prepared: PreparedRows,
): boolean {
  const id = rowId(tx, slot);
  if (tx === null || typeof tx !== 'object') {
    ctx.warn({ code: 'bad_amount', txId: id, message: `Row ${id} is not a transaction object; skipped.` });
    return false;
  }
  if (tx.ignored === true || tx.classification === 'ignore') return false;
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
    return false;
  }
  const sent = readLeg(tx.sent, 'sent', id, ctx);
  const received = readLeg(tx.received, 'received', id, ctx);
  const fee = readLeg(tx.fee, 'fee', id, ctx);
  if (sent === 'invalid' || received === 'invalid' || fee === 'invalid') {
    ctx.markInvalid(id);
    return false;
  }
  const hasFiatValue = checkFiatValue(tx, id, ctx);
  const hasFeePrice = checkFeePrice(tx, fee !== null, id, ctx);
  const op = chooseOperation(String(tx.kind), tx.classification, sent, received, fee);
  prepared.set(
    slot,
    ms,
    op,
    shapeBits(sent, SENT, SENT_FIAT) |
      shapeBits(received, RECEIVED, RECEIVED_FIAT) |
      shapeBits(fee, FEE, FEE_FIAT) |
      (hasFiatValue ? FIAT_VALUE : 0) |
      (hasFeePrice ? FEE_PRICE : 0),
    typeof tx.pairId === 'string' && tx.pairId !== '',
  );
  return true;
}

function shapeBits(leg: LegShape | null, present: number, fiat: number): number {
  return leg === null ? 0 : leg.fiat ? present | fiat : present;
}

/**
 * The row as handlers see it, built just before it is processed: legs with their amounts
 * (validated earlier, parsed on first use) and the fiat value.
 */
export function materialise(slot: number, prepared: PreparedRows, calendar: LocalCalendar): EngineEvent {
  const tx = prepared.transactions[slot]!;
  const shape = prepared.shape(slot);
  const fiat = (shape & FIAT_VALUE) !== 0 ? tx.fiat_value! : null;
  const ms = prepared.instants[slot]!;
  const day = calendar.day(ms);
  const partner = prepared.partner[slot]!;
  return {
    tx,
    id: rowId(tx, slot),
    wallet: rowWallet(tx),
    index: prepared.index[slot]!,
    ms,
    day,
    year: yearOf(day),
    rank: prepared.rank(slot),
    op: prepared.op(slot),
    sent: (shape & SENT) === 0 ? null : buildLeg(tx.sent!, (shape & SENT_FIAT) !== 0),
    received: (shape & RECEIVED) === 0 ? null : buildLeg(tx.received!, (shape & RECEIVED_FIAT) !== 0),
    fee: (shape & FEE) === 0 ? null : buildLeg(tx.fee!, (shape & FEE_FIAT) !== 0),
    fiatValue: fiat === null ? null : absFixed(fiat.amount),
    fiatText: fiat === null ? null : fixedTextOf(fiat.amount),
    fiatCurrency: fiat === null ? '' : fiat.currency.trim(),
    feePrice: (shape & FEE_PRICE) === 0 ? null : absFixed(tx.feePrice),
    partner: partner < 0 ? null : materialise(partner, prepared, calendar),
  };
}

function buildLeg(raw: { asset: string; amount: unknown }, fiat: boolean): Leg {
  return new Leg(raw.asset.trim(), absFixed(raw.amount), fiat, fixedTextOf(raw.amount));
}

/** The amount's text when it is already what fixedString prints for its value (see Recorder.text). */
function fixedTextOf(amount: unknown): string | null {
  if (typeof amount !== 'string') return null;
  if (isFixedText(amount)) return amount;
  const text = amount.trim();
  return text !== amount && isFixedText(text) ? text : null;
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

/** A fee price is used when the row has a fee and the price is a non-negative decimal. */
function checkFeePrice(tx: EngineTransaction, hasFee: boolean, id: string, ctx: PrepareContext): boolean {
  const raw = tx.feePrice;
  if (raw === null || raw === undefined) return false;
  const text = amountText(raw);
  const scan = text === null ? 0 : scanDecimal(text);
  if (scan === 0 || (scan & DECIMAL_NEGATIVE) !== 0) {
    ctx.warn({
      code: 'bad_amount',
      txId: id,
      message: `Transaction ${id}: fee price ${JSON.stringify(raw)} is not a price; ignored.`,
    });
    return false;
  }
  return hasFee;
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
