import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNode } from '../../../packages/cli/test/run-node.ts';

const here = dirname(fileURLToPath(import.meta.url));
const bin = join(here, '..', 'bin', 'lotwise.mjs');
const work = mkdtempSync(join(tmpdir(), 'lotwise-prices-load-'));
const POSTGRES = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dialects = (process.env.TEST_DIALECTS ?? 'sqlite,postgres').split(',');

const GOOD =
  'date,asset,price,currency\n2024-02-01,BTC,43000.5,USD\n2024-02-02,btc,43100,usd\n2024-02-01,GBP,1.27,USD\n';
const BAD = 'date,asset,price,currency\n2024-02-03,BTC,43200,USD\n2024-02-04,BTC,lots,USD\n';
const COINGECKO =
  'snapped_at,price,market_cap,total_volume\n2024-01-01 00:00:00 UTC,1.0356e-05,6100000000,120000000\n';

function file(name: string, content: string): string {
  const path = join(work, name);
  writeFileSync(path, content);
  return path;
}

function run(args: string[], env: Record<string, string>) {
  return runNode([bin, 'prices', 'load', ...args], { PRICE_PROVIDERS: 'none', DATABASE_URL: '', ...env });
}

type Row = { asset: string; day: string; quote: string; price: string; origin: string; user_id: number };

for (const dialect of dialects) {
  describe(`${dialect}: lotwise prices load`, { timeout: 60_000 }, () => {
    let env: Record<string, string>;
    let rows: () => Promise<Row[]>;
    let cleanup = async () => {};

    beforeAll(async () => {
      if (dialect === 'sqlite') {
        const dataDir = mkdtempSync(join(work, 'data-'));
        env = { DATA_DIR: dataDir };
        rows = async () => {
          const db = new Database(join(dataDir, 'lotwise.db'), { readonly: true });
          try {
            return db
              .prepare('select asset, day, quote, price, origin, user_id from prices order by asset, day')
              .all() as Row[];
          } finally {
            db.close();
          }
        };
      } else {
        const schema = `cli_${randomBytes(4).toString('hex')}`;
        const admin = new pg.Client({ connectionString: POSTGRES });
        await admin.connect();
        await admin.query(`CREATE SCHEMA ${schema}`);
        const url = `${POSTGRES}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
        env = { DATABASE_URL: url };
        rows = async () =>
          (
            await admin.query(
              `select asset, day, quote, price::text as price, origin, user_id from ${schema}.prices order by asset, day`,
            )
          ).rows as Row[];
        cleanup = async () => {
          await admin.query(`DROP SCHEMA ${schema} CASCADE`);
          await admin.end();
        };
      }
    });
    afterAll(() => cleanup());

    it('loads a price file into the shared table of the configured database', async () => {
      const r = await run([file('good.csv', GOOD)], env);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^Loaded 3 prices for BTC, GBP from good\.csv into /);
      expect(
        (await rows()).map((p) => [p.asset, p.day, p.quote, Number(p.price), p.origin, Number(p.user_id)]),
      ).toEqual([
        ['BTC', '2024-02-01', 'USD', 43000.5, 'file:good.csv', 0],
        ['BTC', '2024-02-02', 'USD', 43100, 'file:good.csv', 0],
        ['GBP', '2024-02-01', 'USD', 1.27, 'file:good.csv', 0],
      ]);
    });

    it('refuses a file with a bad row as a whole, naming file, line and field', async () => {
      const before = await rows();
      const r = await run([file('bad.csv', BAD)], env);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('bad.csv: line 3, price: "lots" is not a decimal price of 0 or more');
      expect(await rows()).toEqual(before);
    });

    it("needs --asset for CoinGecko's export, then loads it in its currency", async () => {
      const path = file('shib-usd-max.csv', COINGECKO);
      const without = await run([path], env);
      expect(without.code).toBe(1);
      expect(without.stderr).toContain('say which asset it is');
      const r = await run([path, '--asset', 'SHIB'], env);
      expect(r.code).toBe(0);
      expect((await rows()).find((p) => p.asset === 'SHIB')).toMatchObject({
        day: '2024-01-01',
        quote: 'USD',
      });
      expect((await run([path, '--asset', 'no good!'], env)).code).toBe(2);
    });
  });
}
