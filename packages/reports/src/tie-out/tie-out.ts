import { centsOf, centsText } from './cents.ts';
import { reportedRow } from './form8949-row.ts';
import { lotwiseOnlyLine } from './lotwise-only.ts';
import { type Match, type MatchResult, matchLines } from './match.ts';
import {
  aggregateReason,
  basisReasons,
  elsewhereKey,
  type Figures,
  formOnlyReasons,
  proceedsReasons,
  salesByDay,
  termReason,
  timezoneReason,
  washSaleReason,
} from './reasons.ts';
import { TieOutTotals } from './totals.ts';
import type {
  BrokerLine,
  LotwiseDisposal,
  Reason,
  SaleElsewhere,
  TieOut,
  TieOutLine,
  TieOutOptions,
  TieOutStatus,
} from './types.ts';

const cents = (ds: readonly LotwiseDisposal[], field: 'proceeds' | 'costBasis') => {
  let total = 0n;
  for (const d of ds) total += centsOf(d[field]);
  return total;
};

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
  /**
   * The first sale in the other accounts of each asset and day a line on the form only asks for
   * (placeElsewhere; empty without such a line).
   */
  elsewhere: ReadonlyMap<string, SaleElsewhere>;
}

/**
 * The tie-out of a year's Forms 1099-DA against Lotwise's disposals (README "Broker forms: the
 * tie-out"). Each 1099-DA line is tied to the disposals of its account (match.ts) and ends in
 * one status — the first that holds of proceeds differ, basis differs, term differs, else
 * matches; a line without a sale is on the 1099-DA only, a sale of an account with a form but
 * on no line is in Lotwise only — with its reasons in words and its Form 8949 row. Amounts are
 * compared in cents, as both sides print them. Only taxable disposals take part.
 *
 * In phases, so a caller can look up only what the reasons need: `matchTieOut` ties the lines
 * (or `matchAccounts` then `placeElsewhere`, for a caller that reads the other accounts' sales
 * only for the lines on the form only), `tieOutNeeds` says which sales' fees and which lots'
 * wallets the reasons read, and `finishTieOut` words the lines and totals them.
 */
export function tieOut(
  brokerLines: readonly BrokerLine[],
  disposals: readonly LotwiseDisposal[],
  options: TieOutOptions,
): TieOut {
  return finishTieOut(matchTieOut(brokerLines, disposals), options);
}

/** The matching of every account with a form, against all the year's disposals. */
export function matchTieOut(
  brokerLines: readonly BrokerLine[],
  disposals: readonly LotwiseDisposal[],
): AccountMatching[] {
  const taxable = disposals.filter((d) => d.taxable);
  const matching = matchAccounts(brokerLines, taxable);
  placeElsewhere(matching, taxable);
  return matching;
}

/**
 * Ties each account's 1099-DA lines to its disposals: `disposals` must hold every taxable
 * disposal of the accounts with a form (the other accounts' may be left out). `elsewhere` is
 * left empty: placeElsewhere fills it in.
 */
export function matchAccounts(
  brokerLines: readonly BrokerLine[],
  disposals: readonly LotwiseDisposal[],
): AccountMatching[] {
  const accounts = [...new Set(brokerLines.map((l) => l.account))];
  return accounts.map((account) => {
    const result = matchLines(
      brokerLines.filter((l) => l.account === account),
      disposals.filter((d) => d.taxable && d.wallet === account),
    );
    return {
      account,
      matches: result.matches.map(withFigures),
      formOnly: result.formOnly,
      lotwiseOnly: result.lotwiseOnly,
      elsewhere: new Map<string, SaleElsewhere>(),
    };
  });
}

/**
 * Each account's sales elsewhere, for its lines on the form only: of `sales` (taxable, in the
 * disposals' order; at least every one of another account with the asset and the day of such
 * a line), the first of another account than the line's, by asset and day (UTC or the user's
 * zone). A kept matching then holds only these, not every sale of the year.
 */
export function placeElsewhere(matching: AccountMatching[], sales: readonly SaleElsewhere[]): void {
  for (const a of matching) {
    if (a.formOnly.length === 0) continue;
    const wanted = new Set(a.formOnly.map(elsewhereKey));
    a.elsewhere = salesByDay(
      sales.filter((d) => d.wallet !== a.account),
      wanted,
    );
  }
}

/** The lines on the form only, of every account (what placeElsewhere looks up). */
export const formOnlyLines = (matching: readonly AccountMatching[]) => matching.flatMap((a) => a.formOnly);

function withFigures(m: Match): TiedMatch {
  const line = m.broker;
  const figures: Figures = {
    brokerProceeds: centsOf(line.proceeds),
    brokerBasis: line.cost_basis === null ? null : centsOf(line.cost_basis),
    lotwiseProceeds: cents(m.disposals, 'proceeds'),
    lotwiseBasis: cents(m.disposals, 'costBasis'),
  };
  return {
    ...m,
    figures,
    proceedsDiffer: figures.brokerProceeds !== figures.lotwiseProceeds,
    basisDiffers: figures.brokerBasis === null || figures.brokerBasis !== figures.lotwiseBasis,
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
  const totals = new TieOutTotals();
  for (const a of matching) {
    for (const m of a.matches) lines.push(tiedLine(m, options, totals));
    for (const line of a.formOnly) lines.push(formOnlyLine(line, a.elsewhere, totals));
    for (const d of a.lotwiseOnly) lines.push(lotwiseOnlyLine(d, options.year, totals));
  }
  return { year: options.year, lines, byStatus: totals.byStatus(), byBox: totals.byBox() };
}

function tiedLine(m: TiedMatch, options: TieOutOptions, totals: TieOutTotals): TieOutLine {
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
  totals.line(status, f.brokerProceeds, f.lotwiseProceeds);
  return {
    status,
    asset: line.asset,
    account: line.account,
    broker: line,
    disposals: m.disposals,
    brokerProceeds: centsText(f.brokerProceeds),
    brokerBasis: f.brokerBasis === null ? null : centsText(f.brokerBasis),
    lotwiseProceeds: centsText(f.lotwiseProceeds),
    lotwiseBasis: centsText(f.lotwiseBasis),
    proceedsDifference: centsText(f.lotwiseProceeds - f.brokerProceeds),
    basisDifference: f.brokerBasis === null ? null : centsText(f.lotwiseBasis - f.brokerBasis),
    reasons,
    form8949: reportedRow(
      m,
      f,
      options.year,
      { fees: proceedsWhy.some((r) => r.code === 'fees'), termDiffers },
      totals,
    ),
  };
}

function formOnlyLine(
  line: BrokerLine,
  elsewhere: ReadonlyMap<string, SaleElsewhere>,
  totals: TieOutTotals,
): TieOutLine {
  const reasons = formOnlyReasons(line, elsewhere);
  const wash = washSaleReason(line);
  if (wash) reasons.push(wash);
  const proceeds = centsOf(line.proceeds);
  totals.line('form_only', proceeds, null);
  return {
    status: 'form_only',
    asset: line.asset,
    account: line.account,
    broker: line,
    disposals: [],
    brokerProceeds: centsText(proceeds),
    brokerBasis: line.cost_basis === null ? null : centsText(centsOf(line.cost_basis)),
    lotwiseProceeds: null,
    lotwiseBasis: null,
    proceedsDifference: null,
    basisDifference: null,
    reasons,
    form8949: null,
  };
}
