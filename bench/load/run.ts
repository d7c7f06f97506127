/**
 * Load test (issue 17): two server processes on one PostgreSQL with Redis; signed-in users
 * list, filter and open tax years for a while. First one user alone (the reference), then
 * `--users` at once, each on one of the two processes. Loopback only, bounded by --seconds.
 * Prints p50/p95/p99 and errors. Asserts nothing. Needs the built SPA (npm run build -w @lotwise/web).
 *
 * Two models of "100 users": people, who read a page before the next click (`--think-ms`,
 * default 1000: a pause of 0.5–1.5 s after each answer), and a closed loop with no pause at
 * all (every user a script firing its next request the moment the last one answers), which
 * measures what the two processes can serve at most.
 *
 *   npx tsx bench/load/run.ts [--users 100] [--seconds 60] [--rows 300] [--think-ms 1000]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { type RunningServer, startServer } from '../../e2e/support/server.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const USERS = arg('users', 100);
const SECONDS = arg('seconds', 60);
const ROWS = arg('rows', 300);
const THINK_MS = arg('think-ms', 1000);
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const HEADER =
  'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash';

/** A signed-in user: its cookies and CSRF token, on one of the processes. */
class User {
  private cookies = new Map<string, string>();
  private csrf = '';
  constructor(readonly base: string) {}

  private keep(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      if (name) this.cookies.set(name.trim(), rest.join('='));
    }
  }
  private headers(extra: Record<string, string> = {}) {
    return {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': this.csrf,
      ...extra,
    };
  }
  async call(method: string, url: string, body?: unknown): Promise<Response> {
    const res = await fetch(`${this.base}${url}`, {
      method,
      headers: this.headers(body === undefined ? {} : { 'content-type': 'application/json' }),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    this.keep(res);
    return res;
  }
  async signUp(email: string) {
    const session = await this.call('GET', '/api/auth/session');
    this.csrf = ((await session.json()) as { csrf_token: string }).csrf_token;
    const res = await this.call('POST', '/api/auth/sign_up', {
      email,
      password: 'Correct-Horse-42',
      first_name: 'Load',
    });
    if (!res.ok) throw new Error(`sign up ${res.status} ${await res.clone().text()}`);
    const body = (await res.json()) as { csrf_token?: string; session?: { csrf_token?: string } };
    this.csrf = body.session?.csrf_token ?? body.csrf_token ?? this.csrf;
    await this.call('POST', '/api/onboarding_flag', { onboarded: true });
  }
  async upload(csv: string) {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'ledger.csv');
    const res = await fetch(`${this.base}/api/imports/v1/csv_imports`, {
      method: 'POST',
      headers: this.headers(),
      body: form,
    });
    if (!res.ok) throw new Error(`upload ${res.status} ${await res.text()}`);
  }
}

function ledger(seed: number): string {
  const lines = [HEADER, '2024-01-02 10:00:00 UTC,20000,USD,1,BTC,,,20000,USD,,Buy,'];
  for (let i = 1; i < ROWS; i++) {
    const at = new Date(Date.UTC(2024, 0, 3) + i * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
    if (i % 3 === 0)
      lines.push(`${at} UTC,0.001,BTC,${40 + (i % 7)},USD,,,${40 + (i % 7)},USD,,Sell,l${seed}-${i}`);
    else lines.push(`${at} UTC,,,0.5,DOT,,,${3 + (i % 5)},USD,,Deposit,l${seed}-${i}`);
  }
  return `${lines.join('\n')}\n`;
}

/** What a user does on the pages: list, page, filter, search, the boxes, open a tax year. */
const ACTIONS: ((u: User) => Promise<Response>)[] = [
  (u) => u.call('POST', '/api/traces/list_transactions_new', { txns_type: 'all', page: 1, page_size: 20 }),
  (u) => u.call('POST', '/api/traces/list_transactions_new', { txns_type: 'all', page: 3, page_size: 50 }),
  (u) => u.call('POST', '/api/traces/list_transactions_new', { txns_type: 'sell', page: 1, page_size: 20 }),
  (u) =>
    u.call('POST', '/api/traces/list_transactions_new', {
      txns_type: 'all',
      page: 1,
      page_size: 20,
      search_params: 'DOT',
    }),
  (u) => u.call('GET', '/api/transaction/stats?show_ignored=false'),
  (u) => u.call('GET', '/api/tax/years'),
  (u) => u.call('GET', '/api/tax/years/2024'),
];

async function drive(users: User[], seconds: number, thinkMs = 0) {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    users.map(async (u, k) => {
      let i = k;
      while (performance.now() < end) {
        const start = performance.now();
        try {
          const res = await ACTIONS[i++ % ACTIONS.length]!(u);
          await res.arrayBuffer();
          if (!res.ok) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - start);
        // A person reads the page before the next click (deterministic spread per user).
        if (thinkMs > 0)
          await new Promise((r) => setTimeout(r, thinkMs * (0.5 + ((i * 7 + k * 13) % 11) / 10)));
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    errors,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    rps: latencies.length / seconds,
  };
}

const database = `lotwise_load_${process.pid}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${database}`);
const env = {
  DATABASE_URL: ADMIN_URL.replace(/\/[^/]*$/, `/${database}`),
  REDIS_URL,
  LOGIN_RATE_LIMIT: '1000000',
  SIGNUP_RATE_LIMIT: '1000000',
  LOG_LEVEL: 'error',
};
const dataDir = mkdtempSync(path.join(tmpdir(), 'lotwise-load-'));
let servers: RunningServer[] = [];
try {
  const started = await Promise.allSettled([startServer(env, { dataDir }), startServer(env, { dataDir })]);
  servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  const users = Array.from({ length: USERS }, (_, i) => new User(servers[i % 2]!.url));
  const setup = performance.now();
  for (let i = 0; i < users.length; i += 10) {
    await Promise.all(
      users.slice(i, i + 10).map(async (u, j) => {
        await u.signUp(`load${i + j}.${process.pid}@example.com`);
        await u.upload(ledger(i + j));
      }),
    );
  }
  const db = new pg.Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  const waitJobs = async () => {
    for (;;) {
      const left = await db.query("SELECT count(*) AS n FROM jobs WHERE status IN ('queued', 'running')");
      if (Number(left.rows[0].n) === 0) return;
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  await waitJobs();
  for (const u of users) await u.call('POST', '/api/imports/v1/tax_calculations/start_tax_calculation', {});
  await waitJobs();
  await db.end();
  console.log(
    `${USERS} users × ${ROWS} rows imported and calculated on two processes in ${((performance.now() - setup) / 1000).toFixed(1)} s`,
  );

  const alone = await drive(users.slice(0, 1), Math.min(15, SECONDS));
  const people = await drive(users, SECONDS, THINK_MS);
  const many = await drive(users, SECONDS);
  const line = (label: string, r: Awaited<ReturnType<typeof drive>>) =>
    console.log(
      `${label.padEnd(22)} ${String(r.requests).padStart(7)} requests ${r.rps.toFixed(0).padStart(5)}/s  p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  errors ${r.errors}`,
    );
  line('1 user', alone);
  line(`${USERS} people, ${SECONDS} s`, people);
  line(`${USERS} closed loops`, many);
  console.log(
    `p95 with ${USERS} people (${THINK_MS} ms reading between clicks): ×${(people.p95 / alone.p95).toFixed(1)} of one user's (target ≤ ×3), errors ${people.errors} (target 0)`,
  );
  console.log(
    `p95 with ${USERS} closed loops (no pause): ×${(many.p95 / alone.p95).toFixed(1)} of one user's, errors ${many.errors}; the most the two processes served: ${many.rps.toFixed(0)} requests/s`,
  );
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
}
