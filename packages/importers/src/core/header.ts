/**
 * The header row, with column lookup by name. Names are matched exactly (after BOM strip and
 * trimming); duplicated names (`Cur.` ×3, `Unit` ×2) are told apart by occurrence, and
 * variable headers (`Value_IN(ETH)`, `Filled Time(UTC+08:00)`) by regular expression.
 */
export type ColumnName = string | RegExp;

export function cleanCell(cell: string): string {
  return cell.replace(/\uFEFF/g, '').trim();
}

export class Header {
  readonly names: string[];
  private readonly cache = new Map<string, number>();
  private readonly plain = new Map<string, number>();

  constructor(
    cells: string[],
    readonly line: number,
    readonly delimiter: string,
  ) {
    this.names = cells.map(cleanCell);
  }

  /** Index of the `nth` (0-based) column matching `name`, or -1. */
  index(name: ColumnName, nth = 0): number {
    // Hot path (every cell access of every row): first occurrence of a plain name.
    if (nth === 0 && typeof name === 'string') {
      const hit = this.plain.get(name);
      if (hit !== undefined) return hit;
      const found = this.names.indexOf(name);
      this.plain.set(name, found);
      return found;
    }
    const key = `${typeof name === 'string' ? `s:${name}` : `r:${name.source}`}#${nth}`;
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit;
    let seen = 0;
    let found = -1;
    for (let i = 0; i < this.names.length; i += 1) {
      const cell = this.names[i] as string;
      const match = typeof name === 'string' ? cell === name : name.test(cell);
      if (match) {
        if (seen === nth) {
          found = i;
          break;
        }
        seen += 1;
      }
    }
    this.cache.set(key, found);
    return found;
  }

  has(name: ColumnName, nth = 0): boolean {
    return this.index(name, nth) !== -1;
  }

  /** The actual header text of the first column matching `name` (for regex headers). */
  nameOf(name: ColumnName): string | null {
    const i = this.index(name);
    return i === -1 ? null : (this.names[i] ?? null);
  }

  /** Required columns that are absent, as display names. */
  missing(required: ColumnName[]): string[] {
    return required.filter((c) => !this.has(c)).map(displayName);
  }
}

export function displayName(name: ColumnName, nth = 0): string {
  const base = typeof name === 'string' ? name : name.source.replace(/^\^|\$$/g, '').replace(/\\/g, '');
  return nth > 0 ? `${base} (#${nth + 1})` : base;
}

/** True when the cells start with exactly these names (after cleaning). */
export function startsWith(cells: string[], prefix: string[]): boolean {
  return prefix.every((p, i) => cells[i] === p);
}

/** True when every name occurs somewhere among the cells. */
export function containsAll(cells: string[], names: string[]): boolean {
  const set = new Set(cells);
  return names.every((n) => set.has(n));
}
