import type { Form1099DaBoxes } from '@lotwise/contracts/tax/form-1099da';
import type { LotUse, Term } from '@lotwise/engine/types';
import type { Form8949Box } from '../form8949.ts';

/** One line of a stored 1099-DA, with where it came from. */
export interface BrokerLine extends Form1099DaBoxes {
  /** The stored line's id (or its index in a CLI file). */
  id: number;
  formId: number;
  /** The form's line: a CSV's line in the file, a typed form's place in the order typed (1-based). */
  line: number | null;
  /** The account (Lotwise wallet name) the form belongs to. */
  account: string;
}

/** One of Lotwise's disposal lines of the year, as the tie-out needs it. */
export interface LotwiseDisposal {
  /** The stored line's id (or its index in the CLI's result). */
  id: number;
  txId: string;
  asset: string;
  amount: string;
  acquiredAt: string;
  /** The sale's day in the user's zone (the engine's disposedAt). */
  disposedAt: string;
  /** The sale's instant in UTC (ISO). */
  disposedTimestamp: string;
  proceeds: string;
  costBasis: string;
  term: Term;
  category: string;
  taxable: boolean;
  wallet: string;
  lots: LotUse[];
  /** Units sold without lots (basis 0): a purchase or transfer in Lotwise never saw. */
  sellWithoutBuy: string | null;
  missingPrice: boolean;
  /** The sale's fee in the reporting currency, when it was paid in it (the gross/net difference). */
  fee: string | null;
}

/** A sale as a line on the 1099-DA only names it when the sale sits in another account. */
export type SaleElsewhere = Pick<
  LotwiseDisposal,
  'id' | 'asset' | 'amount' | 'wallet' | 'disposedAt' | 'disposedTimestamp'
>;

export type TieOutStatus =
  | 'matches'
  | 'proceeds_differ'
  | 'basis_differs'
  | 'term_differs'
  | 'form_only'
  | 'lotwise_only';

export const TIE_OUT_STATUSES: readonly TieOutStatus[] = [
  'matches',
  'proceeds_differ',
  'basis_differs',
  'term_differs',
  'form_only',
  'lotwise_only',
];

export type ReasonCode =
  | 'fees'
  | 'proceeds_value'
  | 'basis_blank'
  | 'noncovered'
  | 'transferred_in'
  | 'missing_acquisition'
  | 'deposit_without_basis'
  | 'allocation'
  | 'lot_choice'
  | 'customer_provided'
  | 'term'
  | 'wash_sale'
  | 'timezone'
  | 'missing_rows'
  | 'other_account'
  | 'not_on_form'
  | 'aggregate';

export interface Reason {
  code: ReasonCode;
  /** In plain words, with the figures. */
  text: string;
  /** A wallet the units came from, or whose import is missing (the fix's target). */
  wallet?: string;
  /**
   * missing_acquisition: the units of the sale Lotwise has no purchase or deposit for (the
   * deposit the tie-out offers to add, README "Fixing a missing transfer").
   */
  units?: string;
}

/** The Form 8949 row a tied line is written as (amounts in cents, as printed). */
export interface TieOut8949 {
  box: Form8949Box;
  term: Term;
  description: string;
  dateAcquired: string;
  dateSold: string;
  /** (d), (e), (g), (h). */
  proceeds: string;
  costBasis: string;
  code: string;
  adjustment: string;
  gain: string;
}

export interface TieOutLine {
  status: TieOutStatus;
  asset: string;
  account: string;
  /** The 1099-DA line, or null (in Lotwise only). */
  broker: BrokerLine | null;
  /** Lotwise's disposal lines tied to it (empty: on the 1099-DA only). */
  disposals: LotwiseDisposal[];
  /** Cents: the broker's figures (basis null when blank) and Lotwise's, and Lotwise − broker. */
  brokerProceeds: string | null;
  brokerBasis: string | null;
  lotwiseProceeds: string | null;
  lotwiseBasis: string | null;
  proceedsDifference: string | null;
  basisDifference: string | null;
  reasons: Reason[];
  /** How the line goes on Form 8949 (null: on the 1099-DA only, there is no sale to write). */
  form8949: TieOut8949 | null;
}

export interface StatusTotals {
  count: number;
  brokerProceeds: string;
  lotwiseProceeds: string;
}

export interface BoxTotals {
  count: number;
  proceeds: string;
  costBasis: string;
  adjustment: string;
  gain: string;
}

export interface TieOut {
  year: number;
  lines: TieOutLine[];
  byStatus: Record<TieOutStatus, StatusTotals>;
  byBox: Partial<Record<Form8949Box, BoxTotals>>;
}

export interface TieOutOptions {
  year: number;
  /** The lot method in words, for the reasons ("FIFO"). */
  method?: string;
  /** Origin wallet of a lot (its acquiring transaction's account), null when unknown. */
  lotWallet?: (lotId: string) => string | null;
}
