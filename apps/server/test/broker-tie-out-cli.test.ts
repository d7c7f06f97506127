import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { runNode } from './support/run-node.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/*
 * Issue 31: `lotwise calc ... --1099da WALLET=FILE` gives the app's tie-out on the same files —
 * every line's status, reasons (in the same words) and Form 8949 row, and the totals per status
 * and box. The app's accounts are named like the CLI's wallets (the files' names).
 */
const here = dirname(fileURLToPath(import.meta.url));
const dir = join(here, '../../../fixtures/1099-da/tie-out');
const cli = join(here, '../../../apps/cli/bin/lotwise.mjs');

interface Line {
  status: string;
  asset: string;
  account: string;
  reasons: Array<{ code: string; text: string; wallet?: string }>;
  form8949: Record<string, string> | null;
}
const FIELDS = [
  'box',
  'term',
  'description',
  'dateAcquired',
  'dateSold',
  'proceeds',
  'costBasis',
  'code',
  'adjustment',
  'gain',
];

async function cliTieOut() {
  const r = await runNode(
    [
      cli,
      'calc',
      join(dir, 'coinbase-ledger.csv'),
      join(dir, 'ledger-wallet.csv'),
      '--basis',
      'us-2025',
      '--tz',
      'America/New_York',
      '--offline',
      '--year',
      '2025',
      '--1099da',
      `coinbase-ledger=${join(dir, 'coinbase-1099da-2025.csv')}`,
      '--json',
    ],
    { PRICE_PROVIDERS: 'none' },
  );
  expect(r.status, r.stderr).toBe(0);
  return (
    JSON.parse(r.stdout) as { tieOut: Record<string, { lines: Line[]; byStatus: unknown; byBox: unknown }> }
  ).tieOut['2025']!;
}
const expected = cliTieOut();

for (const dialect of DIALECTS) {
  describe(`${dialect}: lotwise calc --1099da gives the app's tie-out`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect);
    });
    afterAll(() => server.dispose());

    it('the same lines, statuses, reasons, Form 8949 rows and totals', async () => {
      const client = new TestClient(server.app);
      await client.post('/api/auth/sign_up', { email: 'cli@example.com', password: 'correct horse 9' });
      await client.post('/api/currency', { currency: 'USD', timezone: 'America/New_York' });
      let first = true;
      for (const name of ['coinbase-ledger', 'ledger-wallet']) {
        await client.upload(
          '/api/imports/v1/csv_imports',
          { name: `${name}.csv`, content: readFileSync(join(dir, `${name}.csv`), 'utf8') },
          first ? { custom_name: name } : { custom_name: name, new_account: 'true' },
        );
        first = false;
        await server.ctx.jobs.idle();
      }
      const accounts = (await client.get('/api/imports/v2/import_histories')).body.data as Array<{
        id: number;
        custom_name: string;
      }>;
      const account = accounts.find((a) => a.custom_name === 'coinbase-ledger')!.id;
      await client.upload(
        '/api/tax/broker_forms',
        {
          name: 'coinbase-1099da-2025.csv',
          content: readFileSync(join(dir, 'coinbase-1099da-2025.csv'), 'utf8'),
        },
        { account_id: String(account), year: '2025' },
      );
      await client.post('/api/recalculate_tax');
      await server.ctx.jobs.idle();
      const app = (await client.get('/api/tax/years/2025/tie_out?per_page=500')).body.data;
      const cliLines = (await expected).lines;
      expect(cliLines).toHaveLength(14);
      const appRow = (f: Record<string, string> | null) =>
        f === null
          ? null
          : [
              f.box,
              f.term,
              f.description,
              f.date_acquired,
              f.date_sold,
              f.proceeds,
              f.cost_basis,
              f.code,
              f.adjustment,
              f.gain,
            ];
      expect(
        app.lines.map((l: Line & { form_8949: Record<string, string> | null }) => [
          l.status,
          l.asset,
          l.account,
          l.reasons,
          appRow(l.form_8949),
        ]),
      ).toEqual(
        cliLines.map((l) => [
          l.status,
          l.asset,
          l.account,
          l.reasons,
          l.form8949 === null ? null : FIELDS.map((k) => l.form8949![k]),
        ]),
      );
      const totals = (await expected).byStatus as Record<
        string,
        { count: number; brokerProceeds: string; lotwiseProceeds: string }
      >;
      expect(
        app.totals.by_status.map(
          (s: { status: string; count: number; broker_proceeds: string; lotwise_proceeds: string }) => [
            s.status,
            s.count,
            s.broker_proceeds,
            s.lotwise_proceeds,
          ],
        ),
      ).toEqual(
        Object.entries(totals).map(([status, t]) => [status, t.count, t.brokerProceeds, t.lotwiseProceeds]),
      );
    });
  });
}
