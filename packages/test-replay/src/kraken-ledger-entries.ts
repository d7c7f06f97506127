import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';

/** One entry of Kraken's Ledgers call, as its documentation shows it. */
export type KrakenLedgerEntry = Record<string, string | number>;

/**
 * A downloaded ledgers.csv as Kraken's API would answer it: [ledger id, entry] for each
 * confirmed row (a pending one has no txid), time in Unix seconds. The replay servers of the
 * tests, the browser test and the bench serve these.
 */
export function krakenEntriesFromCsv(file: string): [string, KrakenLedgerEntry][] {
  const rows = parse(readFileSync(file, 'utf8'), { columns: true }) as Record<string, string>[];
  return rows
    .filter((r) => r.txid)
    .map((r) => {
      const entry: KrakenLedgerEntry = {
        refid: r.refid ?? '',
        time: Date.parse(`${(r.time ?? '').replace(' ', 'T')}Z`) / 1000,
        type: r.type ?? '',
        subtype: r.subtype ?? '',
        aclass: r.aclass ?? 'currency',
        asset: r.asset ?? '',
        amount: r.amount ?? '0',
        fee: r.fee ?? '0',
        balance: r.balance ?? '',
      };
      if (r.subclass !== undefined) entry.subclass = r.subclass;
      if (r.wallet !== undefined) entry.wallet = r.wallet;
      return [r.txid ?? '', entry];
    });
}
