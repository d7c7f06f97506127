import { hash } from 'node:crypto';
import type { NormalisedTransaction } from '@lotwise/contracts/normalised';
import Decimal from 'decimal.js';

/** '1.50' and '1.5' are one amount; plain decimals are canonicalised without decimal.js (hot path). */
function canonicalAmount(amount: string | undefined | null): string {
  if (!amount) return '';
  if (!/^\d+(\.\d+)?$/.test(amount)) return new Decimal(amount).toString();
  let out = amount.includes('.') ? amount.replace(/0+$/, '').replace(/\.$/, '') : amount;
  out = out.replace(/^0+(?=\d)/, '');
  return out;
}

/** 2024-01-13T14:25:00Z → 20240113142500 (14 characters). */
function compactTime(timestamp: string): string {
  return timestamp
    .replace(/[^0-9]/g, '')
    .slice(0, 14)
    .padEnd(14, '0');
}

/** How many distinct timestamps the keyer remembers occurrence counts for. */
const WINDOW = 2000;

/**
 * The identity of a record within the user's data, so the same transaction imported
 * twice (the same file again, or an overlapping export) is stored once.
 *
 * - With an exchange id: family + id + kind + the assets moved (explorers reuse one hash
 *   for several transfers of one transaction).
 * - Without one: family + the whole record's content, numbered by how often that exact
 *   content occurs in the file, so two genuinely identical rows in one file both count
 *   while the same file a second time adds nothing.
 *
 * Identical content means an identical timestamp, so occurrence counts are kept only for
 * the last WINDOW distinct timestamps: memory stays flat on a file of millions of rows.
 */
export class DedupeKeyer {
  private readonly seen = new Map<string, Map<string, number>>();

  constructor(private readonly family: string) {}

  key(r: NormalisedTransaction): string {
    const assets = [r.sent?.asset ?? '', r.received?.asset ?? '', r.fee?.asset ?? ''].join('/');
    const base = r.external_id
      ? `${this.family}|id|${r.external_id}|${assets}|${r.kind}`
      : `${this.family}|c|${[
          r.timestamp,
          r.kind,
          r.sent?.asset ?? '',
          canonicalAmount(r.sent?.amount),
          r.received?.asset ?? '',
          canonicalAmount(r.received?.amount),
          r.fee?.asset ?? '',
          canonicalAmount(r.fee?.amount),
          r.tx_hash ?? '',
        ].join('|')}`;
    let counts = this.seen.get(r.timestamp);
    if (!counts) {
      counts = new Map();
      this.seen.set(r.timestamp, counts);
      if (this.seen.size > WINDOW) this.seen.delete(this.seen.keys().next().value as string);
    }
    const n = (counts.get(base) ?? 0) + 1;
    counts.set(base, n);
    // The time prefix keeps the unique index's inserts near its end (files are mostly in
    // time order), instead of scattering them over the whole index as a bare hash would.
    return `${compactTime(r.timestamp)}${hash('sha256', `${base}#${n}`, 'hex').slice(0, 48)}`;
  }
}

export function dedupeKeys(family: string, records: NormalisedTransaction[]): string[] {
  const keyer = new DedupeKeyer(family);
  return records.map((r) => keyer.key(r));
}
