import { isLongTerm, isoString, ymdString } from './dates.ts';
import type { EngineEvent, Leg } from './events.ts';
import { fixedString, moneyShare } from './fixed.ts';
import { acquiredIsoOf, type Piece, type Taken } from './lots/lot.ts';
import { PriceWarnings } from './price-warnings.ts';
import type {
  DisposalCategory,
  DisposalLine,
  EngineWarning,
  IncomeLine,
  LotUse,
  MoveRecord,
  Term,
  TransactionStatus,
  YearSummary,
} from './types.ts';

const NOT_TAXABLE: ReadonlySet<DisposalCategory> = new Set(['gift', 'donation', 'lost', 'stolen']);
const ALWAYS_SHORT: ReadonlySet<DisposalCategory> = new Set(['margin_gain', 'margin_loss', 'margin_fee']);

interface YearTotals {
  proceeds: bigint;
  costBasis: bigint;
  shortTermGain: bigint;
  longTermGain: bigint;
  income: bigint;
  disposals: DisposalLine[];
  incomeLines: IncomeLine[];
}

export interface DisposalInput {
  category: DisposalCategory;
  asset: string;
  wallet: string;
  taken: Taken;
  /** Total proceeds; null when no price was found (recorded as 0 and flagged). */
  proceeds: bigint | null;
  /** Value at the date of a gift or donation (informational). */
  fairMarketValue?: bigint | null;
  /** Units shown when no lot is involved (a margin gain). */
  amount?: bigint;
}

/** Collects disposal lines, income lines, year totals, statuses and warnings. */
export class Recorder {
  private readonly years = new Map<number, YearTotals>();
  private readonly flags = new Map<string, { flags: Set<string>; swb: bigint }>();
  readonly warnings: EngineWarning[] = [];
  /** The reporting currency (named in missing-rate warnings). */
  currency = 'USD';
  /** Set: each disposal line goes to it as it is recorded, not into its year (see onDisposal). */
  onDisposal: ((year: number, line: DisposalLine) => void) | null = null;
  /** Null unless the caller asked for lot moves. */
  moves: MoveRecord[] | null = null;
  /** Warnings of rows without a value, or valued another way (price-warnings.ts). */
  readonly prices = new PriceWarnings(this);
  /** Rows flagged missing_price so far: a lot they acquired has an unknown basis. */
  private unpricedRows = 0;

  /** Amounts of the row being processed whose own text is already their fixedString. */
  private readonly knownValues: bigint[] = [];
  private readonly knownTexts: string[] = [];

  warn(warning: EngineWarning): void {
    this.warnings.push(warning);
  }

  /**
   * Learns the row's amounts that were written as fixedString would print them (most sale
   * amounts, fiat values and income amounts), so its lines reuse the row's strings: no
   * bigint-to-text work and no new string kept in the line.
   */
  knowTexts(event: EngineEvent): void {
    this.knownValues.length = 0;
    this.knownTexts.length = 0;
    for (let e: EngineEvent | null = event; e !== null; e = e.partner) {
      this.knowLeg(e.sent);
      this.knowLeg(e.received);
      this.knowLeg(e.fee);
      if (e.fiatText !== null) this.know(e.fiatValue!, e.fiatText);
    }
  }

  /** fixedString(value), from the row's own text when it has it. */
  text(value: bigint): string {
    const values = this.knownValues;
    for (let i = 0; i < values.length; i++) if (values[i] === value) return this.knownTexts[i]!;
    return fixedString(value);
  }

  private knowLeg(leg: Leg | null): void {
    if (leg !== null && leg.text !== null) this.know(leg.amount, leg.text);
  }

  private know(value: bigint, text: string): void {
    this.knownValues.push(value);
    this.knownTexts.push(text);
  }

  touchYear(year: number): YearTotals {
    let totals = this.years.get(year);
    if (totals === undefined) {
      totals = {
        proceeds: 0n,
        costBasis: 0n,
        shortTermGain: 0n,
        longTermGain: 0n,
        income: 0n,
        disposals: [],
        incomeLines: [],
      };
      this.years.set(year, totals);
    }
    return totals;
  }

  /** Records a disposal, one line per holding-period term, each with its lots. */
  disposal(event: EngineEvent, input: DisposalInput): void {
    const { taken } = input;
    const forceShort = ALWAYS_SHORT.has(input.category);
    if (taken.pieces.length === 1 && taken.uncovered === 0n) {
      // The common case, one lot covers it all: one line, no splitting.
      const piece = taken.pieces[0]!;
      const term = !forceShort && isLongTerm(piece.lot.acquiredDay, event.day) ? 'long' : 'short';
      this.line(event, input, term, taken.pieces, 0n, piece.qty, input.proceeds ?? 0n);
      return;
    }
    const short: Piece[] = [];
    const long: Piece[] = [];
    for (const piece of taken.pieces) {
      if (!forceShort && isLongTerm(piece.lot.acquiredDay, event.day)) long.push(piece);
      else short.push(piece);
    }
    const shortQty = sumQty(short, taken.uncovered);
    const longQty = sumQty(long, 0n);
    const proceeds = input.proceeds ?? 0n;
    let shortProceeds = proceeds;
    let longProceeds = 0n;
    if (long.length > 0 && shortQty > 0n) {
      shortProceeds = moneyShare(proceeds, shortQty, shortQty + longQty);
      longProceeds = proceeds - shortProceeds;
    } else if (long.length > 0) {
      shortProceeds = 0n;
      longProceeds = proceeds;
    }
    if (shortQty > 0n) {
      this.line(event, input, 'short', short, taken.uncovered, shortQty, shortProceeds);
    } else if (long.length === 0) {
      this.line(event, input, 'short', [], 0n, input.amount ?? 0n, proceeds);
    }
    if (long.length > 0) this.line(event, input, 'long', long, 0n, longQty, longProceeds);
    if (taken.uncovered > 0n) this.sellWithoutBuy(event, input.asset, taken.uncovered);
  }

  /** Records lots that moved without a disposal (when asked for). */
  move(
    event: EngineEvent,
    from: string,
    to: string,
    asset: string,
    taken: Taken,
    converted?: { asset: string; amount: bigint },
  ): void {
    if (this.moves === null || (taken.pieces.length === 0 && taken.uncovered === 0n)) return;
    const record: MoveRecord = {
      txId: event.id,
      movedAt: ymdString(event.day),
      from,
      to,
      asset,
      lots: taken.pieces.map((piece) => ({
        lotId: piece.lot.lotId,
        acquiredAt: ymdString(piece.lot.acquiredDay),
        acquiredTimestamp: acquiredIsoOf(piece.lot),
        amount: fixedString(piece.qty),
        costBasis: fixedString(piece.basis),
      })),
    };
    if (converted) {
      record.toAsset = converted.asset;
      record.toAmount = fixedString(converted.amount);
    }
    if (taken.uncovered !== 0n) record.uncovered = fixedString(taken.uncovered);
    this.moves.push(record);
  }

  income(
    event: EngineEvent,
    asset: string,
    amount: bigint,
    value: bigint | null,
    category: string,
    wallet: string,
  ) {
    const totals = this.touchYear(event.year);
    totals.income += value ?? 0n;
    const line: IncomeLine = {
      txId: event.id,
      asset,
      amount: this.text(amount),
      value: this.text(value ?? 0n),
      receivedAt: ymdString(event.day),
      receivedTimestamp: this.iso(event.ms),
      category,
      wallet,
    };
    if (value === null) line.missingPrice = true;
    totals.incomeLines.push(line);
  }

  sellWithoutBuy(event: EngineEvent, asset: string, qty: bigint): void {
    const entry = this.flag(event.id, 'sell_without_buy');
    entry.swb += qty;
    this.warn({
      code: 'sell_without_buy',
      txId: event.id,
      message: `Transaction ${event.id}: not enough ${asset} in ${event.wallet} for ${fixedString(qty)} units; they get a zero cost basis and count as short term.`,
      affects: [`${event.year}.costBasis`, `${event.year}.shortTermGain`],
    });
  }

  /** Flags the row missing_price (PriceWarnings warns of it). */
  markMissingPrice(txId: string): void {
    this.flag(txId, 'missing_price');
  }

  invalid(txId: string): void {
    this.flag(txId, 'invalid');
  }

  statuses(): TransactionStatus[] {
    const out: TransactionStatus[] = [];
    for (const [id, entry] of this.flags) {
      const status: TransactionStatus = {
        id,
        status: entry.flags.has('missing_price') || entry.flags.has('invalid') ? 'error' : 'ok',
        flags: [...entry.flags],
      };
      if (entry.swb > 0n) status.sellWithoutBuyQuantity = fixedString(entry.swb);
      out.push(status);
    }
    return out;
  }

  yearSummaries(): Record<string, YearSummary> {
    const out: Record<string, YearSummary> = {};
    for (const [year, summary] of this.takeYearsBefore(Number.POSITIVE_INFINITY)) out[year] = summary;
    return out;
  }

  /**
   * The summaries of the years before `year`, in year order, given up: the recorder keeps
   * nothing of them (a row of such a year recorded later would start it afresh).
   */
  takeYearsBefore(year: number): Array<[string, YearSummary]> {
    const out: Array<[string, YearSummary]> = [];
    if (this.years.size === 0) return out;
    for (const key of [...this.years.keys()].sort((a, b) => a - b)) {
      if (key >= year) break;
      const t = this.years.get(key)!;
      this.years.delete(key);
      out.push([
        String(key),
        {
          proceeds: fixedString(t.proceeds),
          costBasis: fixedString(t.costBasis),
          shortTermGain: fixedString(t.shortTermGain),
          longTermGain: fixedString(t.longTermGain),
          income: fixedString(t.income),
          disposals: t.disposals,
          incomeLines: t.incomeLines,
        },
      ]);
    }
    return out;
  }

  private lastMs = Number.NaN;
  private lastIso = '';

  /** ISO text of an instant; consecutive lines of one row share it. */
  private iso(ms: number): string {
    if (ms !== this.lastMs) {
      this.lastMs = ms;
      this.lastIso = isoString(ms);
    }
    return this.lastIso;
  }

  private flag(id: string, flag: string): { flags: Set<string>; swb: bigint } {
    let entry = this.flags.get(id);
    if (entry === undefined) {
      entry = { flags: new Set(), swb: 0n };
      this.flags.set(id, entry);
    }
    if (flag === 'missing_price' && !entry.flags.has(flag)) this.unpricedRows++;
    entry.flags.add(flag);
    return entry;
  }

  /**
   * Whether a lot was acquired by a row flagged missing_price (its id, or for the extra units
   * of a self-transfer `ID:extra`, ID's): its basis is unknown. The reports' rule (lotUnpriced),
   * for the rows this calculation processed.
   */
  private unpricedLot(lotId: string): boolean {
    if (this.flags.get(lotId)?.flags.has('missing_price')) return true;
    return (
      lotId.endsWith(':extra') && this.flags.get(lotId.slice(0, -6))?.flags.has('missing_price') === true
    );
  }

  private line(
    event: EngineEvent,
    input: DisposalInput,
    term: Term,
    pieces: Piece[],
    uncovered: bigint,
    qty: bigint,
    proceeds: bigint,
  ): void {
    const disposedAt = ymdString(event.day);
    const count = pieces.length;
    // Sized up front: an array grown by push keeps room for 16 entries, in every kept line.
    const lots: LotUse[] = new Array(uncovered > 0n ? count + 1 : count);
    let basis = 0n;
    let firstDay = -1;
    let various = false;
    const single = count === 1 && uncovered === 0n;
    const qtyText = this.text(qty);
    for (let i = 0; i < count; i++) {
      const piece = pieces[i]!;
      basis += piece.basis;
      if (firstDay === -1) firstDay = piece.lot.acquiredDay;
      else if (firstDay !== piece.lot.acquiredDay) various = true;
      lots[i] = {
        lotId: piece.lot.lotId,
        acquiredAt: ymdString(piece.lot.acquiredDay),
        acquiredTimestamp: acquiredIsoOf(piece.lot),
        amount: single ? qtyText : this.text(piece.qty),
        costBasis: this.text(piece.basis),
      };
    }
    if (uncovered > 0n) {
      if (firstDay !== -1 && firstDay !== event.day) various = true;
      firstDay = event.day;
      lots[count] = {
        lotId: null,
        acquiredAt: disposedAt,
        acquiredTimestamp: null,
        amount: this.text(uncovered),
        costBasis: '0',
      };
    }
    const taxable = !NOT_TAXABLE.has(input.category);
    const shownProceeds = taxable ? proceeds : 0n;
    const gain = taxable ? shownProceeds - basis : 0n;
    const line: DisposalLine = {
      txId: event.id,
      asset: input.asset,
      amount: qtyText,
      acquiredAt: various ? 'VARIOUS' : firstDay === -1 ? disposedAt : ymdString(firstDay),
      disposedAt,
      disposedTimestamp: this.iso(event.ms),
      proceeds: this.text(shownProceeds),
      costBasis: single ? lots[0]!.costBasis : this.text(basis),
      gain: this.text(gain),
      term,
      category: input.category,
      taxable,
      wallet: input.wallet,
      lots,
    };
    if (uncovered > 0n) line.sellWithoutBuy = this.text(uncovered);
    if (input.proceeds === null && taxable) line.missingPrice = true;
    if (this.unpricedRows > 0 && pieces.some((piece) => this.unpricedLot(piece.lot.lotId))) {
      line.basisUnknown = true;
    }
    if (input.fairMarketValue !== undefined) {
      // null: no price for the day (the handler records why); never a word in a number's place.
      line.fairMarketValue = input.fairMarketValue === null ? null : this.text(input.fairMarketValue);
    }
    const totals = this.touchYear(event.year);
    if (this.onDisposal !== null) this.onDisposal(event.year, line);
    else totals.disposals.push(line);
    if (taxable) {
      totals.proceeds += shownProceeds;
      totals.costBasis += basis;
      if (term === 'long') totals.longTermGain += gain;
      else totals.shortTermGain += gain;
    }
  }
}

/** start + the pieces' quantities, without needless additions for the common single piece. */
function sumQty(pieces: readonly Piece[], start: bigint): bigint {
  let total = start;
  for (const piece of pieces) total += piece.qty;
  return total;
}
