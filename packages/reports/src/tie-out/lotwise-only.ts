import { form8949Box } from '../form8949.ts';
import { centsOf, centsText } from './cents.ts';
import { unreportedRow } from './form8949-row.ts';
import { lotwiseOnlyReason } from './reasons.ts';
import type { TieOutTotals } from './totals.ts';
import type { LotwiseDisposal, Reason, TieOut8949, TieOutLine } from './types.ts';

/**
 * A sale of an account with a form that no line of it reports (in Lotwise only): Lotwise's
 * figures, its reason and its Form 8949 row (box I or L). A year can have a hundred thousand of
 * them and a page shows 25, so its texts and row are written when first read (then kept); the
 * totals are added when the line is made. It reads as the plain object it stands for
 * (`toJSON`); its fields are not to be changed.
 */
class LotwiseOnlyLine implements TieOutLine {
  readonly status = 'lotwise_only' as const;
  readonly asset: string;
  readonly account: string;
  readonly broker = null;
  readonly brokerProceeds = null;
  readonly brokerBasis = null;
  readonly proceedsDifference = null;
  readonly basisDifference = null;
  readonly #sale: LotwiseDisposal;
  readonly #year: number;
  #disposals?: LotwiseDisposal[];
  #reasons?: Reason[];
  #form8949?: TieOut8949;

  constructor(d: LotwiseDisposal, year: number) {
    this.asset = d.asset;
    this.account = d.wallet;
    this.#sale = d;
    this.#year = year;
  }

  get disposals(): LotwiseDisposal[] {
    this.#disposals ??= [this.#sale];
    return this.#disposals;
  }

  get lotwiseProceeds(): string {
    return centsText(centsOf(this.#sale.proceeds));
  }

  get lotwiseBasis(): string {
    return centsText(centsOf(this.#sale.costBasis));
  }

  get reasons(): Reason[] {
    this.#reasons ??= [lotwiseOnlyReason(this.#sale)];
    return this.#reasons;
  }

  get form8949(): TieOut8949 {
    const d = this.#sale;
    this.#form8949 ??= unreportedRow(d, this.#year, centsOf(d.proceeds), centsOf(d.costBasis));
    return this.#form8949;
  }

  toJSON(): TieOutLine {
    return {
      status: this.status,
      asset: this.asset,
      account: this.account,
      broker: this.broker,
      disposals: this.disposals,
      brokerProceeds: this.brokerProceeds,
      brokerBasis: this.brokerBasis,
      lotwiseProceeds: this.lotwiseProceeds,
      lotwiseBasis: this.lotwiseBasis,
      proceedsDifference: this.proceedsDifference,
      basisDifference: this.basisDifference,
      reasons: this.reasons,
      form8949: this.form8949,
    };
  }
}

/** The line in Lotwise only of a sale, its cents added to the year's totals. */
export function lotwiseOnlyLine(d: LotwiseDisposal, year: number, totals: TieOutTotals): TieOutLine {
  const proceeds = centsOf(d.proceeds);
  const basis = centsOf(d.costBasis);
  totals.line('lotwise_only', null, proceeds);
  totals.row(form8949Box(year, d.term, 'none'), proceeds, basis, 0n, proceeds - basis);
  return new LotwiseOnlyLine(d, year);
}
