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

/**
 * A 53-bit hash of a string (two 32-bit multiplicative lanes, mixed), for counting only: it
 * never stands for a record in storage.
 */
function hash53(text: string): number {
  let a = 0x811c9dc5;
  let b = 0x9747b28c ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  a = Math.imul(a ^ (a >>> 16), 0x85ebca6b);
  a = Math.imul(a ^ (a >>> 13), 0xc2b2ae35);
  b = Math.imul(b ^ (b >>> 15), 0x2c1b3c6d);
  b = Math.imul(b ^ (b >>> 12), 0x297a2d39);
  return ((b ^ (b >>> 16)) >>> 11) * 0x1_0000_0000 + ((a ^ (a >>> 16)) >>> 0);
}

/**
 * How often each record's content has occurred so far in the file, however far apart the
 * copies are. Counted by a 53-bit hash of the content in typed arrays (12 bytes a slot), not
 * by the strings, so a file of a million rows keeps about 25 MB. Two different contents with
 * the same hash (about one chance in 10^4 in a million-row file) would share one count: their
 * keys still differ, as each key hashes its own content, and the same file numbers them the
 * same way again.
 */
class OccurrenceCounter {
  private hashes = new Float64Array(1 << 12);
  private counts = new Uint32Array(1 << 12);
  private size = 0;

  /** 1 the first time `content` is seen, then 2, 3, … */
  next(content: string): number {
    if (this.size * 2 >= this.hashes.length) this.grow();
    const h = hash53(content);
    const slot = this.slotOf(h, this.hashes, this.counts);
    if (this.counts[slot] === 0) {
      this.hashes[slot] = h;
      this.size++;
    }
    this.counts[slot] = (this.counts[slot] as number) + 1;
    return this.counts[slot] as number;
  }

  /** The slot holding `h`, or the empty slot where it belongs (linear probing). */
  private slotOf(h: number, hashes: Float64Array, counts: Uint32Array): number {
    const mask = hashes.length - 1;
    let slot = (h % 0x1_0000_0000) & mask;
    while (counts[slot] !== 0 && hashes[slot] !== h) slot = (slot + 1) & mask;
    return slot;
  }

  private grow(): void {
    const hashes = new Float64Array(this.hashes.length * 2);
    const counts = new Uint32Array(this.hashes.length * 2);
    for (let i = 0; i < this.hashes.length; i++) {
      if (this.counts[i] === 0) continue;
      const slot = this.slotOf(this.hashes[i] as number, hashes, counts);
      hashes[slot] = this.hashes[i] as number;
      counts[slot] = this.counts[i] as number;
    }
    this.hashes = hashes;
    this.counts = counts;
  }
}

/**
 * The identity of a record within the user's data, so the same transaction imported
 * twice (the same file again, or an overlapping export) is stored once.
 *
 * - With an exchange id: family + id + kind + the assets moved (explorers reuse one hash
 *   for several transfers of one transaction).
 * - Without one: family + the whole record's content, numbered by how often that exact
 *   content has occurred in the file so far, so two genuinely identical rows in one file
 *   both count while the same file a second time adds nothing.
 */
export class DedupeKeyer {
  private readonly occurrences = new OccurrenceCounter();

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
    // Repeats are counted per timestamp, as before; an id-keyed base holds none of its own.
    const n = this.occurrences.next(r.external_id ? `${r.timestamp}|${base}` : base);
    // The time prefix keeps the unique index's inserts near its end (files are mostly in
    // time order), instead of scattering them over the whole index as a bare hash would.
    return compactTime(r.timestamp) + hash('sha256', `${base}#${n}`, 'hex').slice(0, 48);
  }
}

export function dedupeKeys(family: string, records: NormalisedTransaction[]): string[] {
  const keyer = new DedupeKeyer(family);
  return records.map((r) => keyer.key(r));
}
