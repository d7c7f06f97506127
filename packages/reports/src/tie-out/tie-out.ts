import type { Form8949Box } from '../form8949.ts';
import { plain, sum, toCents } from '../money.ts';
import { reportedRow, unreportedRow } from './form8949-row.ts';
import { type Match, matchLines } from './match.ts';
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
import {
  type BoxTotals,
  type BrokerLine,
  type LotwiseDisposal,
  type Reason,
  type StatusTotals,
  TIE_OUT_STATUSES,
  type TieOut,
  type TieOutLine,
  type TieOutOptions,
  type TieOutStatus,
} from './types.ts';

const cents = (ds: readonly LotwiseDisposal[], field: 'proceeds' | 'costBasis') =>
  sum(ds.map((d) => toCents(d[field])));

/**
 * The tie-out of a year's Forms 1099-DA against Lotwise's disposals (README "Broker forms: the
 * tie-out"). Each 1099-DA line is tied to the disposals of its account (match.ts) and ends in
 * one status — the first that holds of proceeds differ, basis differs, term differs, else
 * matches; a line without a sale is on the 1099-DA only, a sale of an account with a form but
 * on no line is in Lotwise only — with its reasons in words and its Form 8949 row. Amounts are
 * compared in cents, as both sides print them. Only taxable disposals take part.
 */
export function tieOut(
  brokerLines: readonly BrokerLine[],
  disposals: readonly LotwiseDisposal[],
  options: TieOutOptions,
): TieOut {
  const taxable = disposals.filter((d) => d.taxable);
  const accounts = [...new Set(brokerLines.map((l) => l.account))];
  const lines: TieOutLine[] = [];
  for (const account of accounts) {
    const own = taxable.filter((d) => d.wallet === account);
    const elsewhere = salesByDay(taxable.filter((d) => d.wallet !== account));
    const result = matchLines(
      brokerLines.filter((l) => l.account === account),
      own,
    );
    for (const m of result.matches) lines.push(tiedLine(m, options));
    for (const line of result.formOnly) lines.push(formOnlyLine(line, elsewhere));
    for (const d of result.lotwiseOnly) lines.push(lotwiseOnlyLine(d, options.year));
  }
  return { year: options.year, lines, byStatus: statusTotals(lines), byBox: boxTotals(lines) };
}

function tiedLine(m: Match, options: TieOutOptions): TieOutLine {
  const line = m.broker;
  const f: Figures = {
    brokerProceeds: toCents(line.proceeds),
    brokerBasis: line.cost_basis === null ? null : toCents(line.cost_basis),
    lotwiseProceeds: cents(m.disposals, 'proceeds'),
    lotwiseBasis: cents(m.disposals, 'costBasis'),
  };
  const proceedsDiffer = !f.brokerProceeds.eq(f.lotwiseProceeds);
  const basisDiffers = f.brokerBasis === null || !f.brokerBasis.eq(f.lotwiseBasis);
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
    brokerProceeds: plain(toCents(line.proceeds)),
    brokerBasis: line.cost_basis === null ? null : plain(toCents(line.cost_basis)),
    lotwiseProceeds: null,
    lotwiseBasis: null,
    proceedsDifference: null,
    basisDifference: null,
    reasons,
    form8949: null,
  };
}

function lotwiseOnlyLine(d: LotwiseDisposal, year: number): TieOutLine {
  const proceeds = toCents(d.proceeds);
  const basis = toCents(d.costBasis);
  return {
    status: 'lotwise_only',
    asset: d.asset,
    account: d.wallet,
    broker: null,
    disposals: [d],
    brokerProceeds: null,
    brokerBasis: null,
    lotwiseProceeds: plain(proceeds),
    lotwiseBasis: plain(basis),
    proceedsDifference: null,
    basisDifference: null,
    reasons: [lotwiseOnlyReason(d)],
    form8949: unreportedRow(d, year, proceeds, basis),
  };
}

function statusTotals(lines: readonly TieOutLine[]): Record<TieOutStatus, StatusTotals> {
  const out = {} as Record<TieOutStatus, StatusTotals>;
  for (const status of TIE_OUT_STATUSES) {
    const of = lines.filter((l) => l.status === status);
    out[status] = {
      count: of.length,
      brokerProceeds: plain(sum(of.map((l) => l.brokerProceeds ?? '0'))),
      lotwiseProceeds: plain(sum(of.map((l) => l.lotwiseProceeds ?? '0'))),
    };
  }
  return out;
}

function boxTotals(lines: readonly TieOutLine[]): Partial<Record<Form8949Box, BoxTotals>> {
  const out: Partial<Record<Form8949Box, { count: number; rows: NonNullable<TieOutLine['form8949']>[] }>> =
    {};
  for (const l of lines) {
    if (!l.form8949) continue;
    const entry = out[l.form8949.box] ?? { count: 0, rows: [] };
    entry.count += 1;
    entry.rows.push(l.form8949);
    out[l.form8949.box] = entry;
  }
  const totals: Partial<Record<Form8949Box, BoxTotals>> = {};
  for (const [box, { count, rows }] of Object.entries(out) as [
    Form8949Box,
    { count: number; rows: NonNullable<TieOutLine['form8949']>[] },
  ][]) {
    totals[box] = {
      count,
      proceeds: plain(sum(rows.map((r) => r.proceeds))),
      costBasis: plain(sum(rows.map((r) => r.costBasis))),
      adjustment: plain(sum(rows.map((r) => r.adjustment || '0'))),
      gain: plain(sum(rows.map((r) => r.gain))),
    };
  }
  return totals;
}
