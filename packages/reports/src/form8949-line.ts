import type { Term } from '@lotwise/engine/types';

/** The boxes of Form 8949: A–F before 2025, G–L (digital assets) from 2025. */
export type Form8949Box = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | 'H' | 'I' | 'J' | 'K' | 'L';

/** One row of Form 8949, amounts rounded to cents (column h = d − e + g). */
export interface Form8949Line {
  term: Term;
  /** The Form 8949 box the line goes in (G–L from 2025, A–F before); set by form8949(). */
  box?: Form8949Box;
  /** (a) "0.5 BTC" */
  description: string;
  /** (b) MM/DD/YYYY or VARIOUS */
  dateAcquired: string;
  /** (c) MM/DD/YYYY */
  dateSold: string;
  /** (d), (e), (g), (h): "1234.56"; (f) and (g) are blank unless the 1099-DA tie-out corrects the line. */
  proceeds: string;
  costBasis: string;
  code: string;
  adjustment: string;
  gain: string;
  asset: string;
  amount: string;
  txId: string;
  wallet: string;
  category: string;
  /** The lots used: "lotId amount acquired-day basis; ..." (the audit trail). */
  lots: string;
  /** No price for the proceeds: (d) and (h) are unknown (printed "unknown", blank in a CSV). */
  missingPrice: boolean;
  /** A lot sold came from a transaction with a missing price: (e) and (h) are unknown. */
  basisUnknown: boolean;
}
