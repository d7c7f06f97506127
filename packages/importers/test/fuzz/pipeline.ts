import { type ImportResult, importResult, type NormalisedTransaction } from '@lotwise/contracts/normalised';
import { calculate } from '@lotwise/engine/calculate';
import { classificationOf } from '@lotwise/engine/label-classification';
import { matchTransfers } from '@lotwise/engine/transfer-matching';
import type { EngineTransaction } from '@lotwise/engine/types';
import { readRecords } from '../../src/core/csv.ts';
import { decodeBytes } from '../../src/core/decode.ts';
import { sortRecords } from '../../src/core/driver.ts';
import type { ParseOptions } from '../../src/core/types.ts';
import { locateHeader } from '../../src/detect.ts';
import { parseFile } from '../../src/parse.ts';
import { chunksOf, parseStream } from '../../src/parse-stream.ts';
import { FORMATS } from '../../src/registry.ts';

/**
 * One file through what the CLI's `calc` chains (packages/cli/src/commands/calc.ts): parse →
 * transfer matching → the engine, checking on the way what issue 29 asks of every input:
 * nothing throws, the result is well-formed (amounts plain decimals within bounds, timestamps
 * real and in range), no NaN or Infinity anywhere in the engine's output, and no file that
 * parses with zero errors while one of its rows is missing from the output.
 */
export interface FileOutcome {
  /** What broke an invariant (empty when the file passed). */
  problems: string[];
  format: string;
  transactions: number;
  errors: number;
  skipped: number;
}

const AMOUNT = /^\d{1,30}(\.\d{1,40})?$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const EARLIEST = '2009-01-03T00:00:00Z';
const NO_RECORDS = new Set(['No matching records found.', 'No data', 'No records found']);

/** A price for most assets, none for some (the engine's missing-price paths run too). */
const prices = (asset: string) => (asset.length % 4 === 0 ? null : '1234.5678');

export function checkFile(bytes: Uint8Array, options: ParseOptions, wallet = 'fuzz'): FileOutcome {
  const problems: string[] = [];
  let result: ImportResult;
  try {
    result = parseFile(bytes, { ...options, wallet });
  } catch (e) {
    return {
      problems: [`parseFile threw: ${describe(e)}`],
      format: 'threw',
      transactions: 0,
      errors: 0,
      skipped: 0,
    };
  }
  const outcome: FileOutcome = {
    problems,
    format: result.format,
    transactions: result.transactions.length,
    errors: result.errors.length,
    skipped: result.skipped.length,
  };
  const shape = importResult.safeParse(result);
  if (!shape.success) problems.push(`result does not match the contract: ${shape.error.issues[0]?.message}`);
  checkTransactions(result.transactions, problems);
  if (result.errors.length === 0 && result.format !== 'unknown') checkNothingMissing(bytes, result, problems);
  runEngine(result.transactions, wallet, problems);
  return outcome;
}

function checkTransactions(transactions: NormalisedTransaction[], problems: string[]): void {
  const latest = new Date(Date.now() + 86_400_000).toISOString();
  for (const tx of transactions) {
    const where = `line ${tx.source_lines[0]}`;
    if (!TIMESTAMP.test(tx.timestamp) || tx.timestamp < EARLIEST || tx.timestamp > latest) {
      problems.push(`${where}: timestamp ${tx.timestamp} out of range`);
    }
    for (const [name, leg] of [
      ['sent', tx.sent],
      ['received', tx.received],
      ['fee', tx.fee],
    ] as const) {
      if (leg && !AMOUNT.test(leg.amount))
        problems.push(`${where}: ${name} amount ${leg.amount.slice(0, 60)}`);
    }
    if (tx.fiat_value && !AMOUNT.test(tx.fiat_value.amount)) {
      problems.push(`${where}: fiat value ${tx.fiat_value.amount.slice(0, 60)}`);
    }
  }
}

/**
 * With zero errors, every data record after the header must be in a transaction or a skipped
 * row. The records are read from the whole text (not from the parser's idea of where the
 * body starts), so a body the parser never reached shows up here.
 */
function checkNothingMissing(bytes: Uint8Array, result: ImportResult, problems: string[]): void {
  const { text } = decodeBytes(bytes);
  const located = locateHeader(
    text,
    FORMATS.filter((f) => f.id === result.format),
  );
  if (!located) {
    problems.push(`format ${result.format} reported but its header is not found`);
    return;
  }
  const accounted = new Set<number>();
  for (const tx of result.transactions) for (const line of tx.source_lines) accounted.add(line);
  for (const s of result.skipped) for (const line of s.source_lines) accounted.add(line);
  for (const record of readRecords(text, located.header.delimiter)) {
    if (record.line <= located.header.line) continue;
    if (record.cells.every((c) => c.trim() === '')) continue;
    if (record.cells.length === 1 && NO_RECORDS.has((record.cells[0] as string).trim())) continue;
    if (!accounted.has(record.line)) {
      problems.push(`zero errors but line ${record.line} is in no transaction and no skipped row`);
      return;
    }
  }
}

const ENGINE_SKIPS = new Set(['unknown_asset', 'bad_amount', 'bad_timestamp']);

function runEngine(transactions: NormalisedTransaction[], wallet: string, problems: string[]): void {
  const seen = new Map<number, number>();
  const rows: EngineTransaction[] = transactions.map((tx, index) => {
    const line = tx.source_lines[0] ?? index + 1;
    const n = (seen.get(line) ?? 0) + 1;
    seen.set(line, n);
    return {
      ...tx,
      id: n === 1 ? `${wallet}:${line}` : `${wallet}:${line}#${n}`,
      wallet,
      classification: classificationOf(tx),
    } as EngineTransaction;
  });
  try {
    const result = calculate(matchTransfers(rows, { inPlace: true }), { prices });
    const bad = findNonFinite(result, 'result');
    if (bad) problems.push(`engine output has ${bad}`);
    // A record the importer passed must be one the engine can use: a row it skips (an asset
    // code, amount or date it cannot read) is missing from every report while the import
    // said complete.
    const skipped = result.warnings.find((w) => ENGINE_SKIPS.has(w.code) && /skipped\.$/.test(w.message));
    if (skipped) problems.push(`engine skipped an imported row: ${skipped.message}`);
  } catch (e) {
    problems.push(`engine threw: ${describe(e)}`);
  }
}

/** Path of the first NaN / Infinity (number or text) in a value, or null. */
export function findNonFinite(value: unknown, path: string): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : `${value} at ${path}`;
  if (typeof value === 'string') return /^-?(NaN|Infinity)$/.test(value) ? `"${value}" at ${path}` : null;
  if (typeof value === 'bigint' || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findNonFinite(value[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  for (const [key, v] of Object.entries(value)) {
    const found = findNonFinite(v, `${path}.${key}`);
    if (found) return found;
  }
  return null;
}

/** parseStream in `size`-byte chunks must give parseFile's result (records in parseFile's order). */
export async function checkStreamMatches(
  bytes: Uint8Array,
  options: ParseOptions,
  size: number,
): Promise<string | null> {
  let expected: ImportResult;
  try {
    expected = parseFile(bytes, options);
  } catch {
    return null; // reported by checkFile
  }
  const transactions: NormalisedTransaction[] = [];
  const errors: ImportResult['errors'] = [];
  const skipped: ImportResult['skipped'] = [];
  try {
    const summary = await parseStream(chunksOf(bytes, size), options, {
      records: (b) => void transactions.push(...b),
      errors: (b) => void errors.push(...b),
      skipped: (b) => void skipped.push(...b),
    });
    const got = { format: summary.format, transactions: sortRecords(transactions), skipped, errors };
    if (JSON.stringify(got) !== JSON.stringify(expected))
      return `parseStream (${size}-byte chunks) differs from parseFile`;
    return null;
  } catch (e) {
    return `parseStream threw: ${describe(e)}`;
  }
}

function describe(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}`.slice(0, 300) : String(e).slice(0, 300);
}
