import { readFileSync } from 'node:fs';
import type { ImportResult } from '@lotwise/contracts/normalised';
import { listFormats, parseFile } from '@lotwise/importers/parse';
import type { Command } from 'commander';
import { writeJson } from '../calc/write-json.ts';

interface ImportOptions {
  format?: string;
  wallet?: string;
  address?: string;
  json?: boolean;
}

/**
 * `lotwise import FILE [--format ID|auto] [--wallet NAME] [--address ADDR] [--json]`.
 * Exit code 0 when the layout was recognised (row errors are part of the output), 1 when the
 * file cannot be read or its layout is unknown.
 */
export function registerImport(program: Command): void {
  program
    .command('import')
    .description('parse an exchange/wallet CSV export into normalised transactions')
    .argument('[file]', 'CSV file to import')
    .option('--format <id>', 'format id, or "auto" to detect from the header row', 'auto')
    .option('--wallet <name>', 'wallet name the transactions belong to')
    .option('--address <addr>', "the wallet's own address (explorer exports need it for direction)")
    .option('--json', 'print { format, transactions, skipped, errors } as JSON')
    .option('--list-formats', 'list the supported format ids')
    .action(async (file: string | undefined, options: ImportOptions & { listFormats?: boolean }) => {
      if (options.listFormats) {
        for (const f of listFormats()) process.stdout.write(`${f.id.padEnd(28)} ${f.label}\n`);
        return;
      }
      if (!file) {
        process.stderr.write('lotwise import: missing FILE argument\n');
        process.exitCode = 1;
        return;
      }
      let bytes: Uint8Array;
      try {
        bytes = readFileSync(file);
      } catch (e) {
        process.stderr.write(`lotwise import: cannot read ${file}: ${(e as Error).message}\n`);
        process.exitCode = 1;
        return;
      }
      const result = parseFile(bytes, {
        format: options.format,
        wallet: options.wallet,
        address: options.address,
      });
      if (options.json) await writeJson(result);
      else process.stdout.write(summary(file, result));
      if (result.format === 'unknown' || (result.transactions.length === 0 && result.errors.length > 0)) {
        process.exitCode = 1;
      }
    });
}

function summary(file: string, result: ImportResult): string {
  const lines = [
    `${file}: format ${result.format}`,
    `  ${result.transactions.length} transactions, ${result.skipped.length} skipped rows, ${result.errors.length} errors`,
  ];
  const kinds = new Map<string, number>();
  for (const t of result.transactions) kinds.set(t.kind, (kinds.get(t.kind) ?? 0) + 1);
  if (kinds.size > 0) {
    lines.push(`  kinds: ${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}`);
  }
  for (const s of result.skipped) lines.push(`  skipped line ${s.source_lines.join(', ')}: ${s.reason}`);
  for (const e of result.errors) {
    lines.push(`  error line ${e.line}${e.column ? ` column "${e.column}"` : ''}: ${e.message}`);
  }
  return `${lines.join('\n')}\n`;
}
