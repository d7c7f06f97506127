import type { Header } from '../core/header.ts';
import type { Row } from '../core/row.ts';
import type { ParseContext } from '../core/types.ts';

/**
 * Etherscan-family exports are relative to an address (§7.1): the user's own address decides
 * direction. It comes from `--address`; without it the address that occurs in most rows is used.
 */
export function nativeSymbol(header: Header): string {
  const name = header.nameOf(/^Value_IN\(/) ?? header.nameOf(/^TxnFee\(/) ?? 'Value_IN(ETH)';
  return (name.match(/\(([^)]+)\)/)?.[1] ?? 'ETH').toUpperCase();
}

export class OwnAddress {
  private counts = new Map<string, number>();
  private given: string | null;

  constructor(ctx: ParseContext) {
    this.given = ctx.options.address ? ctx.options.address.trim().toLowerCase() : null;
  }

  /** Remember the addresses of a row (only needed when no address was given). */
  observe(...addresses: (string | null)[]): void {
    if (this.given) return;
    for (const a of addresses) {
      if (!a) continue;
      const k = a.toLowerCase();
      this.counts.set(k, (this.counts.get(k) ?? 0) + 1);
    }
  }

  value(): string {
    if (this.given) return this.given;
    let best = '';
    let n = 0;
    for (const [a, c] of this.counts) if (c > n) [best, n] = [a, c];
    return best;
  }
}

export const TX_HASH = /^(Transaction Hash|Txhash)$/;

export function hashOf(row: Row): string | null {
  return row.opt(TX_HASH);
}

export function same(a: string | null, b: string): boolean {
  return a !== null && a.toLowerCase() === b;
}
