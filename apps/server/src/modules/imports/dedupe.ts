import { hash } from 'node:crypto';
import type { NormalisedTransaction } from '@lotwise/contracts/normalised';
import Decimal from 'decimal.js';

/** '1.50' and '1.5' are one amount; plain decimals are canonicalised without decimal.js (hot path). */
function canonicalAmount(amount: string | undefined | null): string {
  if (!amount) return '';
  // One scan instead of regular expressions: digits, optionally one '.' with digits on both sides.
  const n = amount.length;
  let dot = -1;
  for (let i = 0; i < n; i++) {
    const c = amount.charCodeAt(i);
    if (c === 46 && dot < 0 && i > 0 && i < n - 1) dot = i;
    else if (c < 48 || c > 57) return new Decimal(amount).toString();
  }
  let end = n;
  if (dot >= 0) {
    while (amount.charCodeAt(end - 1) === 48) end--;
    if (end - 1 === dot) end--;
  }
  let start = 0;
  while (start < end - 1 && amount.charCodeAt(start) === 48 && isDigit(amount.charCodeAt(start + 1))) start++;
  return start === 0 && end === n ? amount : amount.slice(start, end);
}

const isDigit = (c: number) => c >= 48 && c <= 57;

const ISO_DIGITS = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18];
const ISO_SEPARATORS = [4, 7, 10, 13, 16];

function isoShaped(t: string): boolean {
  for (const i of ISO_DIGITS) if (!isDigit(t.charCodeAt(i))) return false;
  for (const i of ISO_SEPARATORS) if (isDigit(t.charCodeAt(i))) return false;
  return true;
}

/** 2024-01-13T14:25:00Z → 20240113142500 (14 characters): the first 14 digits, zero-padded. */
function compactTime(timestamp: string): string {
  const t = timestamp;
  // Hot path for the ISO form every importer writes: its first 14 digits sit at fixed places.
  if (t.length >= 19 && isoShaped(t)) {
    return (
      t.slice(0, 4) + t.slice(5, 7) + t.slice(8, 10) + t.slice(11, 13) + t.slice(14, 16) + t.slice(17, 19)
    );
  }
  return t
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
  /**
   * Occurrence counts per timestamp, oldest first. Nearly every timestamp holds one record,
   * so a lone record is kept as its base string and a Map is made only for a second one.
   */
  private readonly seen = new Map<string, string | Map<string, number>>();
  /** The same timestamps in a ring, so the oldest is found without an iterator per record. */
  private readonly order: string[] = new Array(WINDOW);
  private next = 0;

  constructor(private readonly family: string) {}

  key(r: NormalisedTransaction): string {
    const sent = r.sent?.asset ?? '';
    const received = r.received?.asset ?? '';
    const fee = r.fee?.asset ?? '';
    const base = r.external_id
      ? `${this.family}|id|${r.external_id}|${sent}/${received}/${fee}|${r.kind}`
      : `${this.family}|c|${r.timestamp}|${r.kind}|${sent}|${canonicalAmount(r.sent?.amount)}|${received}|${canonicalAmount(
          r.received?.amount,
        )}|${fee}|${canonicalAmount(r.fee?.amount)}|${r.tx_hash ?? ''}`;
    const n = this.count(r.timestamp, base);
    // The time prefix keeps the unique index's inserts near its end (files are mostly in
    // time order), instead of scattering them over the whole index as a bare hash would.
    return compactTime(r.timestamp) + hash('sha256', `${base}#${n}`, 'hex').slice(0, 48);
  }

  /** How many times `base` has now been seen at `timestamp` (1 the first time). */
  private count(timestamp: string, base: string): number {
    const entry = this.seen.get(timestamp);
    if (entry === undefined) {
      if (this.seen.size === WINDOW) this.seen.delete(this.order[this.next] as string);
      this.seen.set(timestamp, base);
      this.order[this.next] = timestamp;
      this.next = (this.next + 1) % WINDOW;
      return 1;
    }
    if (typeof entry === 'string') {
      const counts = new Map([[entry, 1]]);
      const n = entry === base ? 2 : 1;
      counts.set(base, n);
      this.seen.set(timestamp, counts);
      return n;
    }
    const n = (entry.get(base) ?? 0) + 1;
    entry.set(base, n);
    return n;
  }
}

export function dedupeKeys(family: string, records: NormalisedTransaction[]): string[] {
  const keyer = new DedupeKeyer(family);
  return records.map((r) => keyer.key(r));
}
