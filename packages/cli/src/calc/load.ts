import { readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import type { NormalisedTransaction } from '@lotwise/contracts/normalised';
import { classificationOf } from '@lotwise/engine/label-classification';
import type { EngineTransaction, EngineWarning } from '@lotwise/engine/types';
import { parseFileEach } from '@lotwise/importers/parse';
import { universalLines } from './universal-lines.ts';

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
    // Each record becomes its engine row as it is parsed: the full record (note, addresses,
    // source lines) dies young instead of a million of them living through the calculation.
    const rows: EngineTransaction[] = [];
    const lines: number[] = [];
    // The universal template's plain lines become rows without the parser (universal-lines.ts).
    const result = parseFileEach(
      bytes,
      { wallet },
      (tx) => {
        rows.push(engineRow(tx, wallet));
        lines.push(tx.source_lines[0] ?? -1);
      },
      universalLines(wallet, rows, lines),
    );
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
    // parseFile's order (sortRecords: timestamp, then first source line; a stable sort).
    const order = rows.map((_, i) => i);
    order.sort((a, b) => {
      const ta = rows[a]!.timestamp;
      const tb = rows[b]!.timestamp;
      if (ta !== tb) return ta < tb ? -1 : 1;
      return Math.max(lines[a]!, 0) - Math.max(lines[b]!, 0);
    });
    // Rows that share a first line get #2, #3…; counted per line number in a typed array (a
    // Map of a million line numbers cost more than the rest of this loop). An id is joined,
    // not concatenated: `${wallet}:${line}` is a rope of two strings, kept by every row.
    const counts = new Int32Array(maxLine(lines, order.length) + 1);
    const prefix = `${wallet}:`;
    for (let index = 0; index < order.length; index++) {
      const i = order[index]!;
      const row = rows[i]!;
      const line = lines[i]! >= 0 ? lines[i]! : index + 1;
      const n = ++counts[line]!;
      row.id = n === 1 ? [prefix, line].join('') : [prefix, line, '#', n].join('');
      out.transactions.push(row);
    }
  });
  return out;
}

/**
 * The fields of a record the calculation, its transfer matching and its pricing read, in one
 * shape for every row (the id is set once the file's rows are in order).
 */
export function engineRow(tx: NormalisedTransaction, wallet: string): EngineTransaction {
  return {
    id: '',
    wallet,
    timestamp: tx.timestamp,
    kind: tx.kind,
    subtype: tx.subtype,
    label: tx.label,
    sent: tx.sent,
    received: tx.received,
    fee: tx.fee,
    fiat_value: tx.fiat_value,
    // Only transfer matching reads the hash, and only of deposits and withdrawals.
    tx_hash: tx.kind === 'deposit' || tx.kind === 'withdrawal' ? tx.tx_hash : null,
    token_contract: tx.token_contract ?? null,
    classification: classificationOf(tx),
    pairId: null,
  };
}

/** The largest line number a row's id may use (its first source line, or its position). */
function maxLine(lines: readonly number[], count: number): number {
  let max = count;
  for (const line of lines) if (line > max) max = line;
  return max;
}

/** False when the importer could not even use the header (a required column is missing). */
function recognised(errors: ReadonlyArray<{ line: number; message: string }>): boolean {
  return !errors.some((e) => /required column|header/i.test(e.message) && e.line <= 1);
}
