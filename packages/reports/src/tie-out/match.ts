import { Dec } from '../money.ts';
import type { BrokerLine, LotwiseDisposal } from './types.ts';
import { mayBeClose, UNITS_TOLERANCE, unitsClose, unitsEqual, unitsOf } from './units.ts';

export interface Match {
  broker: BrokerLine;
  disposals: LotwiseDisposal[];
  /** Matched on the sale's day in the user's zone only (the UTC day differs). */
  localDayOnly: boolean;
}

export interface MatchResult {
  matches: Match[];
  formOnly: BrokerLine[];
  lotwiseOnly: LotwiseDisposal[];
}

const utcDay = (d: LotwiseDisposal) => d.disposedTimestamp.slice(0, 10);
const key = (asset: string, day: string) => `${asset.toUpperCase()}|${day}`;

/**
 * Index of the account's disposals (by their place in its list) by asset and day (UTC and the
 * user's zone), with each one's units as a double, read once, for the quick test.
 */
class DayIndex {
  private readonly byDay = new Map<string, number[]>();
  readonly doubles: Float64Array;

  constructor(disposals: readonly LotwiseDisposal[]) {
    this.doubles = new Float64Array(disposals.length);
    disposals.forEach((d, i) => {
      this.doubles[i] = Number(d.amount);
      const utc = utcDay(d);
      this.add(key(d.asset, utc), i);
      if (d.disposedAt !== utc) this.add(key(d.asset, d.disposedAt), i);
    });
  }

  private add(k: string, i: number) {
    const list = this.byDay.get(k);
    if (list) list.push(i);
    else this.byDay.set(k, [i]);
  }

  on(asset: string, day: string): readonly number[] {
    return this.byDay.get(key(asset, day)) ?? [];
  }
}

/**
 * Ties each 1099-DA line of one account to Lotwise's disposals of that account: same asset, the
 * broker's day of sale equal to the sale's UTC day or its day in the user's zone, units within
 * UNITS_TOLERANCE — one disposal line, else the lines of one sale together (a sale the engine
 * split by term). Among candidates: equal units first, then the UTC day, then the nearest
 * proceeds. Aggregate lines (qualifying stablecoins, specified NFTs) take every disposal of
 * their asset left after the line-by-line matches. Each disposal is tied at most once.
 */
export function matchLines(lines: readonly BrokerLine[], disposals: readonly LotwiseDisposal[]): MatchResult {
  const index = new DayIndex(disposals);
  const used = new Uint8Array(disposals.length);
  const matches: Match[] = [];
  const formOnly: BrokerLine[] = [];
  const aggregates: BrokerLine[] = [];
  for (const line of lines) {
    if (line.aggregate !== null || line.units === null) {
      aggregates.push(line);
      continue;
    }
    const found = bestCandidate(line, disposals, index, used);
    if (!found) {
      formOnly.push(line);
      continue;
    }
    for (const i of found.at) used[i] = 1;
    matches.push({ broker: line, disposals: found.at.map((i) => disposals[i]!), localDayOnly: !found.utc });
  }
  for (const line of aggregates) {
    const asset = line.asset.toUpperCase();
    const all: LotwiseDisposal[] = [];
    disposals.forEach((d, i) => {
      if (used[i] || d.asset.toUpperCase() !== asset) return;
      used[i] = 1;
      all.push(d);
    });
    if (all.length === 0) formOnly.push(line);
    else matches.push({ broker: line, disposals: all, localDayOnly: false });
  }
  return { matches, formOnly, lotwiseOnly: disposals.filter((_, i) => !used[i]) };
}

/** A candidate: the disposals' places, and what ranks it (its proceeds' gap worked out when needed). */
interface Candidate {
  at: number[];
  exact: boolean;
  utc: boolean;
  gap?: Dec;
}

/**
 * The best candidate of a line so far: equal units first, then the UTC day, then the nearest
 * proceeds (a class, not closures: this runs once per line of a 20,000-line form).
 */
class Best {
  value: Candidate | null = null;

  constructor(
    private readonly line: BrokerLine,
    private readonly disposals: readonly LotwiseDisposal[],
  ) {}

  consider(at: number[], exact: boolean): void {
    const c: Candidate = { at, exact, utc: this.utc(at) };
    if (!this.value || this.better(c, this.value)) this.value = c;
  }

  private utc(at: readonly number[]): boolean {
    for (const i of at) if (utcDay(this.disposals[i]!) !== this.line.date_sold) return false;
    return true;
  }

  private better(a: Candidate, b: Candidate): boolean {
    return a.exact !== b.exact ? a.exact : a.utc !== b.utc ? a.utc : this.gap(a).lt(this.gap(b));
  }

  private gap(c: Candidate): Dec {
    if (c.gap === undefined) {
      let total = new Dec(0);
      for (const i of c.at) total = total.plus(this.disposals[i]!.proceeds);
      c.gap = total.minus(this.line.proceeds).abs();
    }
    return c.gap;
  }
}

function bestCandidate(
  line: BrokerLine,
  disposals: readonly LotwiseDisposal[],
  index: DayIndex,
  used: Uint8Array,
): Candidate | null {
  const units = unitsOf(line.units ?? '0');
  const candidates = index.on(line.asset, line.date_sold).filter((i) => !used[i]);
  if (candidates.length === 0) return null;
  const best = new Best(line, disposals);
  for (const i of candidates) {
    if (!mayBeClose(units.double, index.doubles[i]!)) continue;
    const u = unitsOf(disposals[i]!.amount);
    if (unitsClose(units, u)) best.consider([i], unitsEqual(units, u));
  }
  if (!best.value) {
    // The lines of one sale together: the engine splits a sale by term.
    const exactUnits = new Dec(line.units ?? '0');
    const bySale = new Map<string, number[]>();
    for (const i of candidates) {
      const sale = bySale.get(disposals[i]!.txId);
      if (sale) sale.push(i);
      else bySale.set(disposals[i]!.txId, [i]);
    }
    for (const at of bySale.values()) {
      if (at.length < 2) continue;
      let total = new Dec(0);
      for (const i of at) total = total.plus(disposals[i]!.amount);
      if (exactUnits.minus(total).abs().lte(UNITS_TOLERANCE)) best.consider(at, total.eq(exactUnits));
    }
  }
  return best.value;
}
