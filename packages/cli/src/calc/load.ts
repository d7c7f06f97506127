import { readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { classificationOf } from '@lotwise/engine/label-classification';
import type { EngineTransaction, EngineWarning } from '@lotwise/engine/types';
import { parseFile } from '@lotwise/importers/parse';

export interface LoadedWallets {
  transactions: EngineTransaction[];
  /** Import problems, reported alongside the engine's warnings. */
  warnings: EngineWarning[];
  /** Files that could not be read or whose layout is unknown. */
  failures: string[];
}

/** Wallet name for a file: its name without directory and extension, made unique. */
export function walletNames(paths: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return paths.map((path) => {
    const base = basename(path, extname(path)) || basename(path);
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base}-${count}`;
  });
}

/** Reads every file as one wallet through the importers (format detected from the header). */
export function loadWallets(paths: readonly string[]): LoadedWallets {
  const names = walletNames(paths);
  const out: LoadedWallets = { transactions: [], warnings: [], failures: [] };
  paths.forEach((path, fileIndex) => {
    const wallet = names[fileIndex]!;
    let bytes: Uint8Array;
    try {
      bytes = readFileSync(path);
    } catch (error) {
      out.failures.push(`${path}: ${(error as Error).message}`);
      return;
    }
    const result = parseFile(bytes, { wallet });
    // An unknown layout is the user's mistake to fix; a known layout with bad rows is data.
    if (result.format === 'unknown' || !recognised(result.errors)) {
      out.failures.push(`${path}: ${result.errors.map((e) => e.message).join('; ') || 'no transactions'}`);
      return;
    }
    for (const error of result.errors) {
      out.warnings.push({
        code: 'import_error',
        txId: `${wallet}:${error.line}`,
        message: `${wallet} line ${error.line}${error.column ? ` (${error.column})` : ''}: ${error.message}; row not imported.`,
      });
    }
    // Rows that share a first line get #2, #3…; counted per line number (cheaper than a set of
    // id strings at a million rows). The parsed objects are this function's own: completed in
    // place rather than copied.
    const seen = new Map<number, number>();
    result.transactions.forEach((tx, index) => {
      const line = tx.source_lines[0] ?? index + 1;
      const n = (seen.get(line) ?? 0) + 1;
      seen.set(line, n);
      const engineTx = tx as typeof tx & Pick<EngineTransaction, 'id' | 'wallet' | 'classification'>;
      engineTx.id = n === 1 ? `${wallet}:${line}` : `${wallet}:${line}#${n}`;
      engineTx.wallet = wallet;
      engineTx.classification = classificationOf(tx);
      out.transactions.push(engineTx);
    });
  });
  return out;
}

/** False when the importer could not even use the header (a required column is missing). */
function recognised(errors: ReadonlyArray<{ line: number; message: string }>): boolean {
  return !errors.some((e) => /required column|header/i.test(e.message) && e.line <= 1);
}
