import { Dec } from '../money.ts';
import type { BrokerLine, LotwiseDisposal } from './types.ts';

/** Units agree when they differ by at most this (README "Broker forms": 8 decimal places). */
export const UNITS_TOLERANCE = new Dec('0.00000001');

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

/** Index of the account's disposals by asset and day (UTC and the user's zone). */
class DayIndex {
  private readonly byDay = new Map<string, LotwiseDisposal[]>();

  constructor(disposals: readonly LotwiseDisposal[]) {
    for (const d of disposals) {
      this.add(key(d.asset, utcDay(d)), d);
      if (d.disposedAt !== utcDay(d)) this.add(key(d.asset, d.disposedAt), d);
    }
  }

  private add(k: string, d: LotwiseDisposal) {
    const list = this.byDay.get(k);
    if (list) list.push(d);
    else this.byDay.set(k, [d]);
  }

  on(asset: string, day: string): LotwiseDisposal[] {
    return this.byDay.get(key(asset, day)) ?? [];
  }
}

const unitsClose = (a: Dec, b: string | Dec) => a.minus(b).abs().lte(UNITS_TOLERANCE);

/**
 * False only when two unit amounts are certainly further apart than UNITS_TOLERANCE, by their
 * nearest doubles: a quick test before the exact one, as a busy day can hold thousands of one
 * asset's sales. Each double is within 2^-53 of its decimal (relative), so two amounts within
 * 1e-8 are never more than 1e-8 + 3e-16·(|a| + |b|) apart as doubles, well under this bound;
 * NaN and infinities (huge amounts) leave it to the exact test. It decides nothing by itself.
 */
function mayBeClose(a: number, text: string): boolean {
  const b = Number(text);
  return !(Math.abs(a - b) > 1e-6 + 1e-9 * Math.max(Math.abs(a), Math.abs(b)));
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
  const used = new Set<LotwiseDisposal>();
  const matches: Match[] = [];
  const formOnly: BrokerLine[] = [];
  const aggregates: BrokerLine[] = [];
  for (const line of lines) {
    if (line.aggregate !== null || line.units === null) {
      aggregates.push(line);
      continue;
    }
    const found = bestCandidate(line, index, used);
    if (!found) {
      formOnly.push(line);
      continue;
    }
    for (const d of found.disposals) used.add(d);
    matches.push({ broker: line, ...found });
  }
  for (const line of aggregates) {
    const asset = line.asset.toUpperCase();
    const all = disposals.filter((d) => !used.has(d) && d.asset.toUpperCase() === asset);
    if (all.length === 0) {
      formOnly.push(line);
      continue;
    }
    for (const d of all) used.add(d);
    matches.push({ broker: line, disposals: all, localDayOnly: false });
  }
  return { matches, formOnly, lotwiseOnly: disposals.filter((d) => !used.has(d)) };
}

function bestCandidate(
  line: BrokerLine,
  index: DayIndex,
  used: ReadonlySet<LotwiseDisposal>,
): { disposals: LotwiseDisposal[]; localDayOnly: boolean } | null {
  const units = new Dec(line.units ?? '0');
  const unitsNumber = units.toNumber();
  const candidates = index.on(line.asset, line.date_sold).filter((d) => !used.has(d));
  if (candidates.length === 0) return null;
  const proceeds = new Dec(line.proceeds);
  const score = (ds: LotwiseDisposal[]) => {
    const total = ds.reduce((s, d) => s.plus(d.amount), new Dec(0));
    const utc = ds.every((d) => utcDay(d) === line.date_sold);
    const gap = ds
      .reduce((s, d) => s.plus(d.proceeds), new Dec(0))
      .minus(proceeds)
      .abs();
    return { exact: total.eq(units), utc, gap };
  };
  const better = (a: ReturnType<typeof score>, b: ReturnType<typeof score>) =>
    a.exact !== b.exact ? a.exact : a.utc !== b.utc ? a.utc : a.gap.lt(b.gap);
  let best: { disposals: LotwiseDisposal[]; s: ReturnType<typeof score> } | null = null;
  const consider = (ds: LotwiseDisposal[]) => {
    const s = score(ds);
    if (!best || better(s, best.s)) best = { disposals: ds, s };
  };
  for (const d of candidates)
    if (mayBeClose(unitsNumber, d.amount) && unitsClose(units, d.amount)) consider([d]);
  if (!best) {
    // The lines of one sale together: the engine splits a sale by term.
    const bySale = new Map<string, LotwiseDisposal[]>();
    for (const d of candidates) bySale.set(d.txId, [...(bySale.get(d.txId) ?? []), d]);
    for (const ds of bySale.values()) {
      if (ds.length < 2) continue;
      if (
        unitsClose(
          units,
          ds.reduce((s, d) => s.plus(d.amount), new Dec(0)),
        )
      )
        consider(ds);
    }
  }
  const chosen = best as { disposals: LotwiseDisposal[]; s: ReturnType<typeof score> } | null;
  return chosen ? { disposals: chosen.disposals, localDayOnly: !chosen.s.utc } : null;
}
