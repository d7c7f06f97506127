import { affectsText } from './affects-text.ts';

/** A fee of a row that has no value: its asset, its amount as printed, fiat or not. */
export interface MissingFee {
  asset: string;
  amount: string;
  fiat: boolean;
}

/** What one row lacks to be valued (one warning a row, however many of its parts lack it). */
export interface MissingRow {
  txId: string;
  /** The row's local day, YYYY-MM-DD. */
  day: string;
  /** The reporting currency. */
  currency: string;
  /** The row's own fiat currency when it needs a rate to the reporting one, else null. */
  own: string | null;
  /** The row's crypto legs (their price would value the row instead). */
  legs: string[];
  /** What has no price when the row's value is missing ("ETH", "ETH/XYZ"); null when it has one. */
  value: string | null;
  /** Fees without a value. */
  fees: MissingFee[];
  /** The figures left unknown (EngineWarning.affects). */
  affects: string[];
}

/**
 * The missing-price warning of a row, for people: what is missing (the rate of the row's own
 * currency before "a price for ETH", and its fee's rate when that is what lacks), what stays
 * unknown, and which figures that leaves incomplete. The reports print those as unknown.
 */
export function missingText(row: MissingRow): string {
  const clauses: string[] = [];
  let fees = row.fees;
  const { own, currency, day } = row;
  if (row.value !== null) {
    const parts = row.value.split('/');
    if (own !== null && parts.some((a) => row.legs.includes(a) || a === own)) {
      // The same currency's rate values the fee too: said once.
      const same = fees.filter((f) => f.fiat && f.asset === own);
      fees = fees.filter((f) => !same.includes(f));
      const fee = same.map((f) => ` and its ${f.amount} ${f.asset} fee`).join('');
      const legs = row.legs.length > 0 ? `, and no price for ${row.legs.join(' or ')} that day` : '';
      clauses.push(`no ${own}→${currency} rate on ${day} for its ${own} value${fee}${legs}`);
    } else clauses.push(`no price for ${row.value} on ${day}`);
  }
  for (const f of fees) {
    clauses.push(
      f.fiat
        ? `no ${f.asset}→${currency} rate on ${day} for its ${f.amount} ${f.asset} fee`
        : `no price for ${f.asset} on ${day} for its ${f.amount} ${f.asset} fee`,
    );
  }
  const text = clauses.join('; ');
  const rate = text.includes('→');
  const needed = rate ? (text.includes('no price') ? 'a rate or price' : 'a rate') : 'a price';
  const what =
    row.value === null ? 'its fee is' : row.fees.length > 0 ? 'its value and its fee are' : 'its value is';
  const them = row.value !== null && row.fees.length > 0 ? 'them' : 'it';
  return `Transaction ${row.txId}: ${text}; ${what} unknown until ${needed} is added (the reports show ${them} as unknown, not 0), which leaves ${affectsText(row.affects)} incomplete.`;
}
