import { writeFileSync } from 'node:fs';
import { calculate } from '@lotwise/engine/calculate';
import { allocationCsv } from '@lotwise/engine/form8949';
import { matchTransfers } from '@lotwise/engine/transfer-matching';
import type { CalculationResult } from '@lotwise/engine/types';
import type { Command } from 'commander';
import {
  cliTieOuts,
  loadBrokerForms,
  parseBrokerFormArgs,
  tieOutJson,
  transactionFacts,
} from '../calc/broker-forms.ts';
import { loadWallets, walletNames } from '../calc/load.ts';
import { type CalcCliOptions, parseCalcOptions } from '../calc/options.ts';
import { restJson, toJson, toText } from '../calc/output.ts';
import { resolveCliPrices } from '../calc/prices.ts';
import { writeJson } from '../calc/write-json.ts';
import { YearStream } from '../calc/year-stream.ts';

/**
 * `lotwise calc FILE... [--method M | --method 2020:fifo,2021:lifo] [--basis MODE] [--year YYYY]
 * [--tz ZONE] [--json]`. Each file is one wallet, named after the file. Exit code 0 on success
 * (problems in the data are warnings in the output), 1 when a file cannot be read, 2 for bad options.
 */
export function registerCalc(program: Command): void {
  program
    .command('calc')
    .description('calculate capital gains, income and holdings from wallet/exchange files')
    .argument('<files...>', 'CSV files, one wallet each (the wallet is named after the file)')
    .option('--method <method>', 'lot method fifo|lifo|hifo|lofo, or per year: 2020:fifo,2021:lifo', 'fifo')
    .option('--basis <mode>', 'universal | per-wallet | us-2025', 'universal')
    .option('--allocation <rule>', 'us-2025 allocation: stay-oldest-first | lowest-cost-largest-holding')
    .option('--allocation-csv <file>', 'us-2025: write the wallet allocation record to this CSV file')
    .option('--year <YYYY>', 'only report this tax year (holdings as at its end)')
    .option('--tz <zone>', 'time zone for tax dates (IANA name)', 'UTC')
    .option('--currency <code>', 'reporting currency', 'USD')
    .option(
      '--prices <file>',
      'daily prices CSV: date,asset,price,currency (or CoinGecko export / asset,date,price); repeatable',
      (file: string, files: string[]) => [...files, file],
      [] as string[],
    )
    .option('--offline', 'no price provider calls: the --prices files and stablecoin pegs only')
    .option('--moves', 'with --json: also list every lot moved between wallets or assets (audit)')
    .option(
      '--1099da <wallet=file>',
      "a broker's Form 1099-DA CSV for one of the wallets (WALLET=FILE): ties it out against the sales; repeatable",
      (value: string, values: string[]) => [...values, value],
      [] as string[],
    )
    .option('--json', 'print the result as JSON')
    .action(async (files: string[], options: CalcCliOptions) => {
      const parsed = parseCalcOptions(options);
      if (typeof parsed === 'string') {
        process.stderr.write(`lotwise calc: ${parsed}\n`);
        process.exitCode = 2;
        return;
      }
      const formArgs = parseBrokerFormArgs(options['1099da'] ?? [], walletNames(files));
      if (typeof formArgs === 'string') {
        process.stderr.write(`lotwise calc: ${formArgs}\n`);
        process.exitCode = 2;
        return;
      }
      const forms = loadBrokerForms(formArgs);
      const loaded = loadWallets(files);
      loaded.failures.push(...forms.failures);
      if (loaded.failures.length > 0) {
        for (const failure of loaded.failures) process.stderr.write(`lotwise calc: ${failure}\n`);
        process.exitCode = 1;
        return;
      }
      const currency = parsed.engine.currency ?? 'USD';
      const prices = await resolveCliPrices(loaded.transactions, options.prices ?? [], {
        currency,
        offline: options.offline === true,
      });
      if (typeof prices === 'string') {
        process.stderr.write(`lotwise calc: ${prices}\n`);
        process.exitCode = 1;
        return;
      }
      parsed.engine.prices = prices.lookup;
      if (options.moves) parsed.engine.recordMoves = true;
      if (parsed.year !== null) parsed.engine.checkpoints = [`${parsed.year + 1}-01-01`];
      // The tie-out needs each row's wallet and fee: read before the engine lets the rows go.
      const facts = forms.lines.length > 0 ? transactionFacts(loaded.transactions, currency) : null;
      // The rows are not needed past their processing: each is let go as the engine is done with
      // it, and their memory is given back before the output is built.
      parsed.engine.releaseRows = true;
      // --json without a tie-out (which reads every year's lines) prints each tax year as the
      // engine finishes it, and lets its lines go: they are never all alive at once.
      const stream = options.json && !facts ? new YearStream(parsed.year) : null;
      if (stream) {
        parsed.engine.onYear = (key, summary) => stream.year(key, summary);
        parsed.engine.onDisposal = (year, line) => stream.disposal(year, line);
      }
      const result = calculate(matchTransfers(loaded.transactions, { inPlace: true }), parsed.engine);
      loaded.transactions.length = 0;
      const warnings = [...loaded.warnings, ...prices.warnings];
      if (stream) {
        await stream.end(restJson(result, parsed.year, warnings));
        writeAllocationCsv(options.allocationCsv, result);
        return;
      }
      const json = toJson(result, parsed.year, warnings);
      if (facts) {
        const tied = cliTieOuts(forms.lines, result, facts, options.method ?? 'fifo');
        json.tieOut = Object.fromEntries(Object.entries(tied).map(([year, t]) => [year, tieOutJson(t)]));
      }
      writeAllocationCsv(options.allocationCsv, result);
      if (options.json) await writeJson(json);
      else process.stdout.write(toText(json, currency));
    });
}

function writeAllocationCsv(file: string | undefined, result: CalculationResult): void {
  if (file === undefined || !result.allocation) return;
  // A lot bought without a price: its basis blank and the record marked INCOMPLETE.
  const unpriced = new Set(result.statuses.filter((s) => s.flags.includes('missing_price')).map((s) => s.id));
  writeFileSync(file, allocationCsv(result.allocation, undefined, unpriced));
}
