/**
 * The ids seen so far, for duplicate detection over a known number of rows: open addressing
 * in typed arrays with a string hash of our own. A Set of a million fresh id strings cost
 * about a tenth of a 1M-row calculation (its growth and V8's hashing); this costs a fraction.
 */
export class IdSet {
  /** Per slot: position in `ids` + 1, or 0 when empty. */
  private readonly slots: Int32Array;
  /** Per slot: the full hash of its id, compared before the strings. */
  private readonly hashes: Int32Array;
  private readonly mask: number;
  private readonly ids: string[] = [];

  constructor(capacity: number) {
    let size = 16;
    while (size < capacity * 2) size *= 2;
    this.slots = new Int32Array(size);
    this.hashes = new Int32Array(size);
    this.mask = size - 1;
  }

  /** Adds `id`; false when it was already there. Holds at most `capacity` ids. */
  add(id: string): boolean {
    const hash = hashOf(id);
    const { slots, hashes, mask } = this;
    let slot = hash & mask;
    for (;;) {
      const entry = slots[slot]!;
      if (entry === 0) break;
      if (hashes[slot] === hash && this.ids[entry - 1] === id) return false;
      slot = (slot + 1) & mask;
    }
    this.ids.push(id);
    slots[slot] = this.ids.length;
    hashes[slot] = hash;
    return true;
  }
}

/** FNV-1a over the UTF-16 code units, with a final mix so low bits spread. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  return hash ^ (hash >>> 13);
}
