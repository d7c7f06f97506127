import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { loadPriceFile } from '@lotwise/prices/price-load';
import { loadConfig } from '@lotwise/server/config';
import { openDatabase } from '@lotwise/server/db/database';
import { migrateToLatest } from '@lotwise/server/db/migrate';
import { PricesRepo } from '@lotwise/server/modules/prices/prices.repo';
import type { Command } from 'commander';

interface LoadOptions {
  asset?: string;
  currency?: string;
}

/**
 * `lotwise prices load FILE... [--asset CODE] [--currency CODE]`: daily prices (the
 * `date,asset,price,currency` CSV, or CoinGecko's per-coin export with --asset) into the local
 * price table of the database the server uses (DATABASE_URL, else DATA_DIR/lotwise.db),
 * shared by every user. Each file all or nothing. Exit 0 when every file loaded, 1 when one
 * could not be read or had a bad row, 2 for bad options.
 */
export function registerPrices(program: Command): void {
  const prices = program.command('prices').description('the local price table (offline prices)');
  prices
    .command('load')
    .description('load daily prices from CSV files into the price table of the configured database')
    .argument('<files...>', 'date,asset,price,currency CSV files, or CoinGecko exports with --asset')
    .option('--asset <code>', 'the asset of a CoinGecko export (it does not name its coin)')
    .option('--currency <code>', 'the vs currency of a CoinGecko export', 'USD')
    .action(async (files: string[], options: LoadOptions) => {
      if (options.asset !== undefined && !/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(options.asset)) {
        process.stderr.write(`lotwise prices load: invalid --asset "${options.asset}"\n`);
        process.exitCode = 2;
        return;
      }
      const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
      const db = openDatabase(config.databaseUrl);
      try {
        await migrateToLatest(db);
        // packages/prices reads and checks the file; the server's repo is the price table.
        const store = new PricesRepo(db.kysely);
        for (const path of files) {
          let bytes: Buffer;
          try {
            bytes = readFileSync(path);
          } catch (error) {
            process.stderr.write(`lotwise prices load: cannot read ${path}: ${(error as Error).message}\n`);
            process.exitCode = 1;
            continue;
          }
          const result = await loadPriceFile(store, bytes, basename(path), {
            userId: null,
            asset: options.asset,
            currency: options.currency,
          });
          if (!result.ok) {
            for (const error of result.errors)
              process.stderr.write(`lotwise prices load: ${path}: ${error}\n`);
            process.exitCode = 1;
            continue;
          }
          process.stdout.write(
            `Loaded ${result.count.toLocaleString('en-US')} prices for ${result.assets.join(', ')} from ${basename(path)} into ${redact(config.databaseUrl)}\n`,
          );
        }
      } finally {
        await db.close();
      }
    });
}

/** The database URL without a password, for messages. */
function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]+@/, '//$1:***@');
}
