import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.ts';
import { type RunningServer, startServer } from '../support/server.ts';

const ROWS = 150_000;

function bigUniversalCsv(rows: number): string {
  const lines = [
    'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash',
  ];
  const start = Date.UTC(2021, 0, 1);
  for (let i = 0; i < rows; i++) {
    const when = new Date(start + i * 60_000)
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d+Z$/, ' UTC');
    lines.push(`${when},,,0.${String(i + 1).padStart(6, '0')},ETH,,,${(i % 997) + 1}.25,USD,,row ${i},`);
  }
  return `${lines.join('\n')}\n`;
}

interface HistoryList {
  data: { import_status: string; total_transactions: number; progress: number; id: number }[];
}

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out; last value ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('an import interrupted by a crash', () => {
  let server: RunningServer | undefined;
  afterAll(() => server?.stop());

  it('leaves no partial rows, finishes after a restart, and the same file again adds nothing', async () => {
    server = await startServer();
    const { dataDir } = server;
    let api = new ApiClient(server.url);
    const signUp = await api.call('POST', '/api/auth/sign_up', {
      email: 'crash@example.com',
      password: 'correct horse 9',
    });
    expect(signUp.status).toBe(200);
    const csv = bigUniversalCsv(ROWS);
    const up = await api.upload('/api/imports/v1/csv_imports', 'big.csv', csv);
    expect(up.status).toBe(200);

    // Kill the server while the job is saving rows.
    const histories = () =>
      api.call('GET', '/api/imports/v2/import_histories').then((r) => r.body as HistoryList);
    await waitFor(histories, (h) => (h.data[0]?.progress ?? 0) >= 30, 60_000);
    await server.kill();

    // Nothing half-written: the rows are all there or none are.
    server = await startServer({}, { dataDir });
    api = new ApiClient(server.url);
    const relogin = await api.call('POST', '/api/auth/login', {
      email: 'crash@example.com',
      password: 'correct horse 9',
    });
    expect(relogin.body).toMatchObject({ status: 'success' });
    const seenCounts = new Set<number>();
    const finished = await waitFor(
      () => api.call('GET', '/api/imports/v2/import_histories').then((r) => r.body as HistoryList),
      (h) => {
        seenCounts.add(h.data[0]?.total_transactions ?? -1);
        return h.data[0]?.import_status !== 'in-progress';
      },
      120_000,
    );
    // While the re-run works, the account shows none of the rows or all of them, never a part.
    expect([...seenCounts].every((n) => n === 0 || n === ROWS)).toBe(true);
    expect(finished.data[0]).toMatchObject({ import_status: 'complete', total_transactions: ROWS });

    const again = await api.upload('/api/imports/v1/csv_imports', 'big.csv', csv);
    expect(again.status).toBe(200);
    const after = await waitFor(
      () => api.call('GET', '/api/imports/v2/import_histories').then((r) => r.body as HistoryList),
      (h) => h.data[0]?.import_status === 'complete',
      120_000,
    );
    expect(after.data[0]?.total_transactions).toBe(ROWS);
    const sources = await api.call(
      'GET',
      `/api/imports/v2/import_histories/${after.data[0]?.id}/exchange_sources`,
    );
    const latest = (sources.body as { data: { added: number; duplicates: number }[] }).data[0];
    expect(latest).toMatchObject({ added: 0, duplicates: ROWS });
  });
});
