import type { TestClient } from './http-client.ts';
import type { TestServer } from './test-server.ts';

const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';
/** One buy of 0.5 BTC for $20,000 on 2025-03-01, in the universal layout. */
const LEDGER = [HEADER, '2025-03-01 12:00:00 UTC,20000,USD,0.5,BTC,,,20000,USD,,Buy,'].join('\n');

/**
 * Signs `client` up as alice@example.com and imports a one-row ledger as the account "Coinbase"
 * (the account a broker form belongs to); returns the account's id.
 */
export async function aliceWithCoinbase(server: TestServer, client: TestClient): Promise<number> {
  await client.post('/api/auth/sign_up', { email: 'alice@example.com', password: 'correct horse 9' });
  await client.upload(
    '/api/imports/v1/csv_imports',
    { name: 'coinbase.csv', content: LEDGER },
    { custom_name: 'Coinbase' },
  );
  await server.ctx.jobs.idle();
  return (await client.get('/api/imports/v2/import_histories')).body.data[0].id as number;
}
