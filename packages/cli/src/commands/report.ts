import { writeFileSync } from 'node:fs';
import { extname } from 'node:path';
import { calculate } from '@lotwise/engine/calculate';
import { matchTransfers } from '@lotwise/engine/transfer-matching';
import { buildForm, type FileType, FORMS, type FormName } from '@lotwise/reports/build';
import type { BoxBasis } from '@lotwise/reports/form8949';
import { incompleteNotice, missingPriceCounts, transactionYears } from '@lotwise/reports/incomplete';
import { reportModel } from '@lotwise/reports/model';
import type { Command } from 'commander';
import { loadWallets } from '../calc/load.ts';
import { parseCalcOptions } from '../calc/options.ts';
import { toJson } from '../calc/output.ts';
import { resolveCliPrices } from '../calc/prices.ts';
import { screenTotals } from '../report/screen.ts';

interface ReportCliOptions {
  form: string;
  year?: string;
  out?: string;
  boxBasis: string;
  perLot?: boolean;
  name?: string;
  method?: string;
  basis?: string;
  allocation?: string;
  tz?: string;
  currency?: string;
  prices?: string[];
  offline?: boolean;
}

const BOX_BASES: readonly BoxBasis[] = ['reported', 'not-reported', 'none'];

function fail(message: string, code: number): void {
  process.stderr.write(`lotwise report: ${message}\n`);
  process.exitCode = code;
}

/**
 * `lotwise report --form 8949|schedule-d|income|turbotax|taxact|8283|capital-gains|tax-report
 * --year YYYY FILE... --out PATH`. Files are loaded and calculated exactly as `lotwise calc`
 * does (same options); the file type follows --out's extension (.pdf/.csv) where the form has
 * both. Prints the year's rounded totals. Exit 0 on success, 1 when a file cannot be read or
 * written, 2 for bad options.
 */
export function registerReport(program: Command): void {
  program
    .command('report')
    .description('write a tax report (Form 8949, Schedule D, income, TurboTax/TaxAct CSV, ...) for one year')
    .argument('<files...>', 'CSV files, one wallet each (the wallet is named after the file)')
    .requiredOption('--form <form>', Object.keys(FORMS).join(' | '))
    .requiredOption('--year <YYYY>', 'tax year')
    .requiredOption('--out <path>', 'file to write (.pdf or .csv)')
    .option('--box-basis <status>', '1099-B/1099-DA received: reported | not-reported | none', 'none')
    .option('--per-lot', 'one Form 8949 row per lot instead of one per sale (VARIOUS)')
    .option('--name <name>', 'name shown on the forms')
    .option('--method <method>', 'lot method fifo|lifo|hifo|lofo, or per year: 2020:fifo,2021:lifo', 'fifo')
    .option('--basis <mode>', 'universal | per-wallet | us-2025', 'universal')
    .option('--allocation <rule>', 'us-2025 allocation: stay-oldest-first | lowest-cost-largest-holding')
    .option('--tz <zone>', 'time zone for tax dates (IANA name)', 'UTC')
    .option('--currency <code>', 'reporting currency', 'USD')
    .option(
      '--prices <file>',
      'daily prices CSV: date,asset,price,currency (or CoinGecko export / asset,date,price); repeatable',
      (file: string, files: string[]) => [...files, file],
      [] as string[],
    )
    .option('--offline', 'no price provider calls: the --prices files and stablecoin pegs only')
    .action(async (files: string[], options: ReportCliOptions) => {
      if (!(options.form in FORMS))
        return fail(`invalid --form "${options.form}": use ${Object.keys(FORMS).join(', ')}`, 2);
      const form = options.form as FormName;
      const types: readonly FileType[] = FORMS[form];
      const ext = extname(options.out ?? '')
        .slice(1)
        .toLowerCase();
      const type = (types as readonly string[]).includes(ext) ? (ext as FileType) : types[0]!;
      if ((ext === 'pdf' || ext === 'csv') && ext !== type)
        return fail(`--form ${form} is written as ${types.join(' or ')}, not ${ext}`, 2);
      if (!BOX_BASES.includes(options.boxBasis as BoxBasis))
        return fail(`invalid --box-basis "${options.boxBasis}": use ${BOX_BASES.join(', ')}`, 2);
      const parsed = parseCalcOptions(options);
      if (typeof parsed === 'string') return fail(parsed, 2);
      if (parsed.year === null) return fail('--year is required', 2);
      const loaded = loadWallets(files);
      if (loaded.failures.length > 0) return fail(loaded.failures.join('\nlotwise report: '), 1);
      const prices = await resolveCliPrices(loaded.transactions, options.prices ?? [], {
        currency: parsed.engine.currency ?? 'USD',
        offline: options.offline === true,
      });
      if (typeof prices === 'string') return fail(prices, 1);
      parsed.engine.prices = prices.lookup;
      const year = parsed.year;
      parsed.engine.checkpoints = [`${year + 1}-01-01`];
      const result = calculate(matchTransfers(loaded.transactions, { inPlace: true }), parsed.engine);
      // The year's transactions with a missing price: the one count of every report (incomplete.ts).
      const missingPrices = missingPriceCounts(
        result.statuses,
        transactionYears(loaded.transactions, parsed.engine.timeZone ?? 'UTC'),
      );
      const model = reportModel(result, year, {
        missingPrices: missingPrices.get(year) ?? 0,
        unpricedTransactions: result.statuses
          .filter((s) => s.flags.includes('missing_price'))
          .map((s) => s.id),
        currency: parsed.engine.currency ?? 'USD',
        holdings: toJson(result, year, []).holdings,
        settings: `${options.method ?? 'fifo'}, ${options.basis ?? 'universal'} basis, time zone ${options.tz ?? 'UTC'}`,
        ...(options.name ? { taxpayerName: options.name } : {}),
      });
      model.warningCount = loaded.warnings.length + prices.warnings.length + result.warnings.length;
      const buildOptions = {
        boxBasis: options.boxBasis as BoxBasis,
        grouping: options.perLot ? ('per-lot' as const) : ('per-sale' as const),
      };
      const built = await buildForm(form, type, model, buildOptions);
      try {
        writeFileSync(options.out!, built.bytes);
      } catch (error) {
        return fail(`cannot write ${options.out}: ${(error as Error).message}`, 1);
      }
      const pages =
        built.pageCount !== undefined ? `, ${built.pageCount} page${built.pageCount === 1 ? '' : 's'}` : '';
      process.stdout.write(`Wrote ${form} ${type.toUpperCase()} to ${options.out}${pages}\n`);
      process.stdout.write(screenTotals(model, buildOptions));
      const notice = incompleteNotice(year, model.missingPrices);
      if (notice !== null) process.stdout.write(`${notice} (lotwise: add --prices FILE)\n`);
      if (model.warningCount > 0)
        process.stdout.write(`Warnings: ${model.warningCount} (see lotwise calc)\n`);
    });
}
