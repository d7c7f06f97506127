import { form8949Rows } from '@lotwise/engine/form8949';
import type { DisposalLine, Term } from '@lotwise/engine/types';
import type { Form8949Box, Form8949Line } from './form8949-line.ts';
import type { ReportModel } from './model.ts';

export type { Form8949Box, Form8949Line } from './form8949-line.ts';

import { Dec, plain, splitCents, sum, toCents, usDate } from './money.ts';

/** Whether the transactions were on a broker statement (1099-B before 2025, 1099-DA from 2025). */
export type BoxBasis = 'reported' | 'not-reported' | 'none';
export type Grouping = 'per-sale' | 'per-lot';
export type ScheduleDLine = '1b' | '2' | '3' | '8b' | '9' | '10';

/** The 1099-DA revision (digital-asset boxes G–L) applies from tax year 2025. */
export const DIGITAL_ASSET_BOXES_FROM = 2025;

/**
 * Form 8949 box for a year and term. From 2025 digital assets use G/H/I (short) and J/K/L
 * (long); earlier years A/B/C and D/E/F. `reported`: a 1099 showing basis reported to the IRS;
 * `not-reported`: a 1099 without basis; `none` (default): no 1099 received → I/L (C/F).
 */
export function form8949Box(year: number, term: Term, basis: BoxBasis = 'none'): Form8949Box {
  const index = basis === 'reported' ? 0 : basis === 'not-reported' ? 1 : 2;
  const digital = year >= DIGITAL_ASSET_BOXES_FROM;
  const letters = term === 'short' ? (digital ? 'GHI' : 'ABC') : digital ? 'JKL' : 'DEF';
  return letters[index] as Form8949Box;
}

/** The Schedule D line a box's totals go to (2025: "Box A or G" on 1b, and so on). */
export function scheduleDLineOf(box: Form8949Box): ScheduleDLine {
  const lines: Record<Form8949Box, ScheduleDLine> = {
    A: '1b',
    G: '1b',
    B: '2',
    H: '2',
    C: '3',
    I: '3',
    D: '8b',
    J: '8b',
    E: '9',
    K: '9',
    F: '10',
    L: '10',
  };
  return lines[box];
}

/** Rows per part on one page of the IRS form: 14 on the older revisions, 11 on the 1099-DA one. */
export function rowsPerPage(year: number): number {
  return year >= DIGITAL_ASSET_BOXES_FROM ? 11 : 14;
}

export interface Form8949Totals {
  proceeds: string;
  costBasis: string;
  adjustment: string;
  gain: string;
  /** Lines with an unknown proceeds or basis: the gain total is unknown when > 0. */
  missing: number;
  /** Lines without a price for their proceeds: the proceeds total is unknown when > 0. */
  proceedsMissing: number;
  /** Lines whose lots' basis is unknown: the cost basis total is unknown when > 0. */
  basisMissing: number;
}

export interface Form8949Part {
  term: Term;
  box: Form8949Box;
  scheduleDLine: ScheduleDLine;
  lines: Form8949Line[];
  /** The lines as printed: `rowsPerPage` per page, each page with its own line 2 totals. */
  pages: Array<{ lines: Form8949Line[]; totals: Form8949Totals }>;
  totals: Form8949Totals;
}

export interface Form8949Data {
  year: number;
  rowsPerPage: number;
  /** Part I (short) first, then Part II (long); a part without lines is left out. */
  parts: Form8949Part[];
}

export interface Form8949Options {
  boxBasis?: BoxBasis;
  grouping?: Grouping;
}

export function lotsSummary(
  line: Pick<DisposalLine, 'lots'>,
  /** A lot acquired without a price: its basis prints as "unknown", not the engine's 0. */
  basisUnknown: (lot: DisposalLine['lots'][number]) => boolean = () => false,
): string {
  return line.lots
    .map(
      (lot) =>
        `${lot.lotId ?? '(no lot)'} ${lot.amount} ${lot.acquiredAt} ${basisUnknown(lot) ? 'unknown' : lot.costBasis}`,
    )
    .join('; ');
}

/** Form 8949 rows of the taxable disposal lines, with the rounding of money.ts. */
export function form8949Lines(
  disposals: readonly DisposalLine[],
  grouping: Grouping = 'per-sale',
  /** Transactions with a missing price: a lot they acquired has an unknown basis. */
  unpriced: ReadonlySet<string> = new Set(),
): Form8949Line[] {
  const unknownLot = (lot: { lotId: string | null }) =>
    lot.lotId !== null && (unpriced.has(lot.lotId) || unpriced.has(lot.lotId.replace(/:extra$/, '')));
  const out: Form8949Line[] = [];
  for (const line of disposals) {
    if (!line.taxable) continue;
    const rows = form8949Rows([line], grouping);
    const proceeds = toCents(line.proceeds);
    const basis = toCents(line.costBasis);
    // Per lot: the line's rounded amounts are split over its lots to the cent, so the rows of
    // a sale add up to what the per-sale row would show.
    const perLot = rows.length > 1;
    const proceedsShares = perLot
      ? splitCents(
          proceeds,
          line.lots.map((l) => new Dec(l.amount)),
        )
      : [proceeds];
    const basisShares = perLot
      ? splitCents(
          basis,
          line.lots.map((l) => new Dec(l.costBasis)),
        )
      : [basis];
    rows.forEach((row, i) => {
      const p = proceedsShares[i]!;
      const b = basisShares[i]!;
      const lot = perLot ? line.lots[i]! : null;
      out.push({
        term: row.term,
        description: row.description,
        dateAcquired: usDate(row.dateAcquired),
        dateSold: usDate(row.dateSold),
        proceeds: plain(p),
        costBasis: plain(b),
        code: '',
        adjustment: '',
        gain: plain(p.minus(b)),
        asset: line.asset,
        amount: lot ? lot.amount : line.amount,
        txId: line.txId,
        wallet: line.wallet,
        category: line.category,
        lots: lotsSummary(lot ? { lots: [lot] } : line, unknownLot),
        missingPrice: line.missingPrice === true,
        basisUnknown: unpriced.size > 0 && (lot ? unknownLot(lot) : line.lots.some(unknownLot)),
      });
    });
  }
  return out;
}

export function totalsOf(lines: readonly Form8949Line[]): Form8949Totals {
  return {
    proceeds: plain(sum(lines.map((l) => l.proceeds))),
    costBasis: plain(sum(lines.map((l) => l.costBasis))),
    adjustment: plain(sum(lines.map((l) => l.adjustment || '0'))),
    gain: plain(sum(lines.map((l) => l.gain))),
    missing: lines.filter((l) => l.missingPrice || l.basisUnknown).length,
    proceedsMissing: lines.filter((l) => l.missingPrice).length,
    basisMissing: lines.filter((l) => l.basisUnknown).length,
  };
}

/** The key of a disposal line a broker-form row replaces (a sale may have a line per term). */
export const disposalKey = (d: Pick<DisposalLine, 'txId' | 'term' | 'wallet'>) =>
  `${d.txId}|${d.term}|${d.wallet}`;

/** Box order within a part: basis reported, not reported, not on a 1099. */
const BOX_ORDER = 'ABCGHIDEFJKL';

/**
 * Form 8949 for the model's year: parts by term and box, pages. Without broker forms every line
 * takes the box of the year and `options.boxBasis`; with them (model.brokerRows, from the
 * 1099-DA tie-out) each sale on a 1099-DA is written as its tied row (its box, codes and
 * adjustment), and every other sale goes on I/L (not reported on a 1099).
 */
export function form8949(model: ReportModel, options: Form8949Options = {}): Form8949Data {
  const broker = model.brokerRows;
  const own = broker ? model.disposals.filter((d) => !broker.replaced.has(disposalKey(d))) : model.disposals;
  const lines = form8949Lines(own, options.grouping, new Set(model.unpricedTransactions ?? []));
  for (const l of lines) l.box = form8949Box(model.year, l.term, broker ? 'none' : options.boxBasis);
  if (broker) lines.push(...broker.lines);
  const perPage = rowsPerPage(model.year);
  const parts: Form8949Part[] = [];
  for (const term of ['short', 'long'] as const) {
    const boxes = [...new Set(lines.filter((l) => l.term === term).map((l) => l.box!))].sort(
      (a, b) => BOX_ORDER.indexOf(a) - BOX_ORDER.indexOf(b),
    );
    for (const box of boxes) {
      const partLines = lines.filter((l) => l.term === term && l.box === box);
      const pages: Form8949Part['pages'] = [];
      for (let i = 0; i < partLines.length; i += perPage) {
        const pageLines = partLines.slice(i, i + perPage);
        pages.push({ lines: pageLines, totals: totalsOf(pageLines) });
      }
      parts.push({
        term,
        box,
        scheduleDLine: scheduleDLineOf(box),
        lines: partLines,
        pages,
        totals: totalsOf(partLines),
      });
    }
  }
  return { year: model.year, rowsPerPage: perPage, parts };
}
