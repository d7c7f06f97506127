import type { Term } from '@lotwise/engine/types';
import { type Form8949Box, form8949Box } from '../form8949.ts';
import { Dec, usDate } from '../money.ts';
import { centsText } from './cents.ts';
import type { Match } from './match.ts';
import type { Figures } from './reasons.ts';
import type { TieOutTotals } from './totals.ts';
import type { BrokerLine, LotwiseDisposal, TieOut8949 } from './types.ts';

/** The part a sale belongs in: Lotwise's term (a split sale: its larger proceeds). */
export function lotwiseTerm(disposals: readonly LotwiseDisposal[]): Term {
  const long = disposals.filter((d) => d.term === 'long').length;
  return long * 2 > disposals.length ? 'long' : 'short';
}

/**
 * The box of a reported line: the form's checkbox when it prints G/H/J/K, moved to the part of
 * Lotwise's term (code T says why); else box 2: basis reported → G/J, not reported → H/K.
 */
export function reportedBox(line: BrokerLine, year: number, term: Term): Form8949Box {
  const printed = line.form_8949_box;
  const reported =
    printed === 'G' || printed === 'J'
      ? true
      : printed === 'H' || printed === 'K'
        ? false
        : line.basis_reported;
  return form8949Box(year, term, reported ? 'reported' : 'not-reported');
}

const description = (amount: string, asset: string) => `${amount} ${asset}`;

/**
 * Form 8949 for a line on a 1099-DA, as the IRS instructions for Form 8949 say for a broker form
 * with an incorrect or missing figure (README "Broker forms: Form 8949"): column (d) is the
 * proceeds the form shows; a fee the form's proceeds do not reflect is code E, any other
 * difference code O, each with Lotwise − broker in (g). Basis reported to the IRS (G/J): (e)
 * is the basis the form shows and, when it is wrong, code B with broker − Lotwise in (g); basis
 * not reported (H/K): (e) is the correct basis, and code B with 0 in (g) when the form shows a
 * different one. A wrong term is code T, the line going in the right part. (h) = d − e + g, so
 * the line states Lotwise's gain and still ties to the 1099-DA.
 */
export function reportedRow(
  m: Match,
  f: Figures,
  year: number,
  flags: { fees: boolean; termDiffers: boolean },
  totals: TieOutTotals,
): TieOut8949 {
  const term = lotwiseTerm(m.disposals);
  const box = reportedBox(m.broker, year, term);
  const basisReported = box === 'G' || box === 'J';
  const codes = new Set<string>();
  let adjustment = f.lotwiseProceeds - f.brokerProceeds;
  if (adjustment !== 0n) codes.add(flags.fees ? 'E' : 'O');
  let basis: bigint;
  if (basisReported && f.brokerBasis !== null) {
    basis = f.brokerBasis;
    const fix = f.brokerBasis - f.lotwiseBasis;
    if (fix !== 0n) {
      codes.add('B');
      adjustment += fix;
    }
  } else {
    basis = f.lotwiseBasis;
    if (f.brokerBasis !== null && f.brokerBasis !== f.lotwiseBasis) codes.add('B');
  }
  if (flags.termDiffers) codes.add('T');
  if (m.disposals.length > 1 && m.broker.aggregate !== null) codes.add('M');
  const amount = m.broker.units ?? m.disposals.reduce((s, d) => s.plus(d.amount), new Dec(0)).toFixed();
  const acquired =
    m.broker.date_acquired ?? (m.disposals.length === 1 ? m.disposals[0]!.acquiredAt : 'VARIOUS');
  const gain = f.brokerProceeds - basis + adjustment;
  totals.row(box, f.brokerProceeds, basis, codes.size === 0 ? 0n : adjustment, gain);
  return {
    box,
    term,
    description: description(amount, m.broker.asset),
    dateAcquired: usDate(acquired),
    dateSold: usDate(m.broker.date_sold),
    proceeds: centsText(f.brokerProceeds),
    costBasis: centsText(basis),
    code: [...codes].sort().join(''),
    adjustment: codes.size === 0 ? '' : centsText(adjustment),
    gain: centsText(gain),
  };
}

/** A sale no 1099-DA reports: box I (short) or L (long), Lotwise's figures (in cents), no code. */
export function unreportedRow(d: LotwiseDisposal, year: number, proceeds: bigint, basis: bigint): TieOut8949 {
  return {
    box: form8949Box(year, d.term, 'none'),
    term: d.term,
    description: description(d.amount, d.asset),
    dateAcquired: usDate(d.acquiredAt),
    dateSold: usDate(d.disposedAt),
    proceeds: centsText(proceeds),
    costBasis: centsText(basis),
    code: '',
    adjustment: '',
    gain: centsText(proceeds - basis),
  };
}
