import { plain, sum, toCents } from '../money.ts';
import { centsOf, centsText } from './cents.ts';
import { reportedRow, unreportedRow } from './form8949-row.ts';
import { type Match, type MatchResult, matchLines } from './match.ts';
import {
  aggregateReason,
  basisReasons,
  type Figures,
  formOnlyReasons,
  lotwiseOnlyReason,
  proceedsReasons,
  salesByDay,
  termReason,
  timezoneReason,
  washSaleReason,
} from './reasons.ts';
import { boxTotals, statusTotals } from './totals.ts';
import type {
  BrokerLine,
  LotwiseDisposal,
  Reason,
  TieOut,
  TieOutLine,
  TieOutOptions,
  TieOutStatus,
} from './types.ts';

const cents = (ds: readonly LotwiseDisposal[], field: 'proceeds' | 'costBasis') =>
  sum(ds.map((d) => toCents(d[field])));

/** A tied line with its figures, and whether its proceeds and basis differ. */
export interface TiedMatch extends Match {
  figures: Figures;
  proceedsDiffer: boolean;
  basisDiffers: boolean;
}

/** The matching of one account's 1099-DA lines (first phase of the tie-out). */
export interface AccountMatching {
  account: string;
  matches: TiedMatch[];
  formOnly: MatchResult['formOnly'];
  lotwiseOnly: MatchResult['lotwiseOnly'];
  /** The first sale of each asset and day in the other accounts (for lines on the form only). */
  elsewhere: () => ReadonlyMap<string, LotwiseDisposal>;
}

/**
 * The tie-out of a year's Forms 1099-DA against Lotwise's disposals (README "Broker forms: the
 * tie-out"). Each 1099-DA line is tied to the disposals of its account (match.ts) and ends in
 * one status — the first that holds of proceeds differ, basis differs, term differs, else
 * matches; a line without a sale is on the 1099-DA only, a sale of an account with a form but
 * on no line is in Lotwise only — with its reasons in words and its Form 8949 row. Amounts are
 * compared in cents, as both sides print them. Only taxable disposals take part.
 *
 * In two phases, so a caller can look up only what the reasons need: `matchTieOut` ties the
 * lines, `tieOutNeeds` says which sales' fees and which lots' wallets the reasons read, and
 * `finishTieOut` words the lines and totals them.
 */
export function tieOut(
  brokerLines: readonly BrokerLine[],
  disposals: readonly LotwiseDisposal[],
  options: TieOutOptions,
): TieOut {
  return finishTieOut(matchTieOut(brokerLines, disposals), options);
}

export function matchTieOut(
  brokerLines: readonly BrokerLine[],
  disposals: readonly LotwiseDisposal[],
): AccountMatching[] {
  const taxable = disposals.filter((d) => d.taxable);
  const accounts = [...new Set(brokerLines.map((l) => l.account))];
  return accounts.map((account) => {
    const own = taxable.filter((d) => d.wallet === account);
    const result = matchLines(
      brokerLines.filter((l) => l.account === account),
      own,
    );
    // Only a line on the form only looks at the other accounts' sales (and a kept matching
    // then holds this map, not every sale of the year).
    const elsewhere =
      result.formOnly.length > 0
        ? salesByDay(taxable.filter((d) => d.wallet !== account))
        : new Map<string, LotwiseDisposal>();
    return {
      account,
      matches: result.matches.map(withFigures),
      formOnly: result.formOnly,
      lotwiseOnly: result.lotwiseOnly,
      elsewhere: () => elsewhere,
    };
  });
}

function withFigures(m: Match): TiedMatch {
  const line = m.broker;
  const figures: Figures = {
    brokerProceeds: toCents(line.proceeds),
    brokerBasis: line.cost_basis === null ? null : toCents(line.cost_basis),
    lotwiseProceeds: cents(m.disposals, 'proceeds'),
    lotwiseBasis: cents(m.disposals, 'costBasis'),
  };
  return {
    ...m,
    figures,
    proceedsDiffer: !figures.brokerProceeds.eq(figures.lotwiseProceeds),
    basisDiffers: figures.brokerBasis === null || !figures.brokerBasis.eq(figures.lotwiseBasis),
  };
}

/**
 * What the reasons of the tied lines read beyond the disposals: the fee of each sale whose
 * proceeds differ (`LotwiseDisposal.fee`) and the wallet of each lot of a sale whose basis
 * differs (`TieOutOptions.lotWallet`). Nothing else of either is read.
 */
export function tieOutNeeds(matching: readonly AccountMatching[]): {
  fees: LotwiseDisposal[];
  lotIds: Set<string>;
} {
  const fees: LotwiseDisposal[] = [];
  const lotIds = new Set<string>();
  for (const a of matching)
    for (const m of a.matches) {
      if (m.proceedsDiffer) fees.push(...m.disposals);
      if (m.basisDiffers)
        for (const d of m.disposals) for (const lot of d.lots) if (lot.lotId !== null) lotIds.add(lot.lotId);
    }
  return { fees, lotIds };
}

export function finishTieOut(matching: readonly AccountMatching[], options: TieOutOptions): TieOut {
  const lines: TieOutLine[] = [];
  for (const a of matching) {
    for (const m of a.matches) lines.push(tiedLine(m, options));
    for (const line of a.formOnly) lines.push(formOnlyLine(line, a.elsewhere()));
    for (const d of a.lotwiseOnly) lines.push(lotwiseOnlyLine(d, options.year));
  }
  return { year: options.year, lines, byStatus: statusTotals(lines), byBox: boxTotals(lines) };
}

function tiedLine(m: TiedMatch, options: TieOutOptions): TieOutLine {
  const line = m.broker;
  const { figures: f, proceedsDiffer, basisDiffers } = m;
  const brokerTerm = line.term === 'short' || line.term === 'long' ? line.term : null;
  const termDiffers = brokerTerm !== null && m.disposals.some((d) => d.term !== brokerTerm);
  const reasons: Reason[] = [];
  if (line.aggregate !== null) reasons.push(aggregateReason(m));
  const proceedsWhy = proceedsDiffer ? proceedsReasons(m, f) : [];
  reasons.push(...proceedsWhy);
  if (basisDiffers) reasons.push(...basisReasons(m, f, options));
  if (termDiffers) reasons.push(termReason(m));
  const wash = washSaleReason(line);
  if (wash) reasons.push(wash);
  if (m.localDayOnly) reasons.push(timezoneReason(m));
  const status: TieOutStatus = proceedsDiffer
    ? 'proceeds_differ'
    : basisDiffers
      ? 'basis_differs'
      : termDiffers
        ? 'term_differs'
        : 'matches';
  return {
    status,
    asset: line.asset,
    account: line.account,
    broker: line,
    disposals: m.disposals,
    brokerProceeds: plain(f.brokerProceeds),
    brokerBasis: f.brokerBasis === null ? null : plain(f.brokerBasis),
    lotwiseProceeds: plain(f.lotwiseProceeds),
    lotwiseBasis: plain(f.lotwiseBasis),
    proceedsDifference: plain(f.lotwiseProceeds.minus(f.brokerProceeds)),
    basisDifference: f.brokerBasis === null ? null : plain(f.lotwiseBasis.minus(f.brokerBasis)),
    reasons,
    form8949: reportedRow(m, f, options.year, {
      fees: proceedsWhy.some((r) => r.code === 'fees'),
      termDiffers,
    }),
  };
}

function formOnlyLine(line: BrokerLine, elsewhere: ReadonlyMap<string, LotwiseDisposal>): TieOutLine {
  const reasons = formOnlyReasons(line, elsewhere);
  const wash = washSaleReason(line);
  if (wash) reasons.push(wash);
  return {
    status: 'form_only',
    asset: line.asset,
    account: line.account,
    broker: line,
    disposals: [],
    brokerProceeds: centsText(centsOf(line.proceeds)),
    brokerBasis: line.cost_basis === null ? null : centsText(centsOf(line.cost_basis)),
    lotwiseProceeds: null,
    lotwiseBasis: null,
    proceedsDifference: null,
    basisDifference: null,
    reasons,
    form8949: null,
  };
}

function lotwiseOnlyLine(d: LotwiseDisposal, year: number): TieOutLine {
  const proceeds = centsOf(d.proceeds);
  const basis = centsOf(d.costBasis);
  return {
    status: 'lotwise_only',
    asset: d.asset,
    account: d.wallet,
    broker: null,
    disposals: [d],
    brokerProceeds: null,
    brokerBasis: null,
    lotwiseProceeds: centsText(proceeds),
    lotwiseBasis: centsText(basis),
    proceedsDifference: null,
    basisDifference: null,
    reasons: [lotwiseOnlyReason(d)],
    form8949: unreportedRow(d, year, proceeds, basis),
  };
}
