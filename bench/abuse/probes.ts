import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { authenticator } from 'otplib';
import WebSocket from 'ws';
import { Client, spoofedXff, tally } from './client.ts';

export interface Target {
  url: string;
  /** The server's DATA_DIR when known (outbox and uploads are looked at). */
  dataDir?: string | undefined;
}

export interface Outcome {
  probe: string;
  /** true: the defence held; false: it did not; null: could not be judged here. */
  held: boolean | null;
  figures: string;
}

export const PASSWORD = 'Correct-Horse-42';
const run = `${process.pid}${Date.now().toString(36)}`;
let serial = 0;
export const email = (what: string) => `${what}.${run}.${++serial}@example.com`;

/** A code that is wrong now (not the current 30-second step nor the ones around it). */
function wrongCode(secret: string): string {
  const near = new Set(
    [-60_000, -30_000, 0, 30_000, 60_000].map((d) =>
      authenticator.clone({ epoch: Date.now() + d }).generate(secret),
    ),
  );
  for (let i = 0; ; i++) {
    const code = String(i).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

async function withMfa(target: Target): Promise<{ owner: Client; address: string; secret: string }> {
  const owner = new Client(target.url);
  const address = email('mfa');
  await owner.signUp(address, PASSWORD);
  const setup = await owner.call('POST', '/api/users/mfa/setup');
  const secret: string = setup.body.secret;
  const enable = await owner.call('POST', '/api/users/mfa/enable', { code: authenticator.generate(secret) });
  if (enable.status !== 200) throw new Error(`mfa enable: ${enable.status}`);
  return { owner, address, secret };
}

/** 50 wrong passwords, each with a new X-Forwarded-For, then the right one. */
export async function loginWithSpoofedXff(target: Target, label = ''): Promise<Outcome> {
  const victim = email('victim');
  await new Client(target.url).signUp(victim, PASSWORD);
  const attacker = new Client(target.url);
  const statuses: number[] = [];
  for (let i = 0; i < 50; i++) {
    const res = await attacker.call(
      'POST',
      '/api/auth/login',
      { email: victim, password: `wrong guess ${i}` },
      { headers: spoofedXff() },
    );
    statuses.push(res.status);
  }
  const right = await attacker.call(
    'POST',
    '/api/auth/login',
    { email: victim, password: PASSWORD },
    { headers: spoofedXff() },
  );
  const limited = statuses.filter((s) => s === 429).length;
  return {
    probe: `login: 50 wrong passwords, a new X-Forwarded-For each, then the right one${label}`,
    held: limited > 0 && right.status !== 200,
    figures: `${tally(statuses)}; right password then: ${right.status}`,
  };
}

/** 25 sign-ups, each with a new X-Forwarded-For (spends this address's sign-ups for the hour). */
export async function signUps(target: Target, label = ''): Promise<Outcome> {
  const statuses: number[] = [];
  for (let i = 0; i < 25; i++) {
    const res = await new Client(target.url).call(
      'POST',
      '/api/auth/sign_up',
      { email: email('signup'), password: PASSWORD },
      { headers: spoofedXff() },
    );
    statuses.push(res.status);
  }
  return {
    probe: `sign-up: 25 accounts, a new X-Forwarded-For each${label}`,
    held: statuses.includes(429),
    figures: tally(statuses),
  };
}

/** 40 reset requests for one address, each with a new X-Forwarded-For: how many e-mails go out. */
export async function resetMails(target: Target, label = ''): Promise<Outcome> {
  const victim = email('reset');
  await new Client(target.url).signUp(victim, PASSWORD);
  const statuses: number[] = [];
  for (let i = 0; i < 40; i++) {
    const res = await new Client(target.url).call(
      'POST',
      '/api/auth/forgot_password',
      { email: victim },
      { headers: spoofedXff() },
    );
    statuses.push(res.status);
  }
  await new Promise((r) => setTimeout(r, 500));
  const outbox = target.dataDir ? path.join(target.dataDir, 'outbox') : undefined;
  const mails = outbox
    ? readdirSync(outbox).filter((f) => readFileSync(path.join(outbox, f), 'utf8').includes(victim)).length
    : null;
  return {
    probe: `password reset: 40 requests for one address, a new X-Forwarded-For each${label}`,
    held: mails === null ? null : mails <= 3,
    figures: `${tally(statuses)}; e-mails to the address: ${mails ?? 'unknown (outbox not readable)'}`,
  };
}

/** 39 wrong TOTP codes and the right one last, all at once, on one sign-in challenge, each from a new X-Forwarded-For. */
export async function mfaRace(target: Target, label = ''): Promise<Outcome> {
  const { address, secret } = await withMfa(target);
  const anon = new Client(target.url);
  const step1 = await anon.call('POST', '/api/auth/login', { email: address, password: PASSWORD });
  const token: string = step1.body.mfa_token;
  const wrong = wrongCode(secret);
  const codes = [...Array.from({ length: 39 }, () => wrong), authenticator.generate(secret)];
  const results = await Promise.all(
    codes.map((code) =>
      anon.call('POST', '/api/auth/login/mfa', { mfa_token: token, code }, { headers: spoofedXff() }),
    ),
  );
  const statuses = results.map((r) => r.status);
  const judged = statuses.filter((s) => s === 401 || s === 200).length;
  return {
    probe: `MFA race: 40 parallel codes on one challenge, the right one last${label}`,
    held: !statuses.includes(200) && judged <= 5,
    figures: `${tally(statuses)}; codes judged: ${judged} (cap 5); right one: ${statuses.at(-1)}`,
  };
}

/** 30 parallel wrong codes to turn two-factor off, then the right one. */
export async function mfaDisable(target: Target): Promise<Outcome> {
  const { owner, secret } = await withMfa(target);
  const wrong = wrongCode(secret);
  const results = await Promise.all(
    Array.from({ length: 30 }, () => owner.call('POST', '/api/users/mfa/disable', { code: wrong })),
  );
  const statuses = results.map((r) => r.status);
  const right = await owner.call('POST', '/api/users/mfa/disable', { code: authenticator.generate(secret) });
  const judged = statuses.filter((s) => s === 401).length;
  return {
    probe: 'mfa/disable: 30 parallel wrong codes, then the right one',
    held: statuses.includes(429) && judged <= 10 && right.status !== 200,
    figures: `${tally(statuses)}; right code then: ${right.status}`,
  };
}

async function firstTransaction(user: Client): Promise<{ id: number } | undefined> {
  const csv = [
    'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash',
    '2024-01-02 10:00:00 UTC,20000,USD,1,BTC,,,20000,USD,,Buy,abuse-1',
    '2024-03-02 10:00:00 UTC,0.5,BTC,15000,USD,,,15000,USD,,Sell,abuse-2',
  ].join('\n');
  const up = await user.upload('probe.csv', `${csv}\n`);
  if (up.status !== 200) throw new Error(`upload ${up.status} ${JSON.stringify(up.body)}`);
  for (let i = 0; i < 100; i++) {
    const list = await user.call('POST', '/api/traces/list_transactions_new', {
      txns_type: 'all',
      page: 1,
      page_size: 20,
    });
    const row = list.body?.transactions?.[0];
    if (row) return row;
    await new Promise((r) => setTimeout(r, 200));
  }
  return undefined;
}

const snapshot = async (user: Client) =>
  JSON.stringify([
    (
      await user.call('POST', '/api/traces/list_transactions_new', {
        txns_type: 'all',
        page: 1,
        page_size: 20,
      })
    ).body,
    (await user.call('GET', '/api/imports/v1/tax_calculations/details')).body,
  ]);

/** The state-changing GETs, followed as a link from another site would be (cookie, no CSRF token). */
export async function csrfGets(target: Target): Promise<Outcome[]> {
  const user = new Client(target.url);
  await user.signUp(email('csrf'), PASSWORD);
  const row = await firstTransaction(user);
  if (!row) return [{ probe: 'CSRF by GET', held: null, figures: 'the probe file was not imported in 20 s' }];
  const outcomes: Outcome[] = [];
  for (const [label, url] of [
    [
      'GET /api/traces/update_transaction_type/{id}/ignore',
      `/api/traces/update_transaction_type/${row.id}/ignore`,
    ],
    ['GET /api/recalculate_tax', '/api/recalculate_tax'],
  ] as const) {
    const before = await snapshot(user);
    const res = await user.call('GET', url, undefined, { headers: { 'sec-fetch-site': 'cross-site' } });
    await new Promise((r) => setTimeout(r, 1000));
    const after = await snapshot(user);
    const changed = before !== after;
    outcomes.push({
      probe: `CSRF: ${label} with the session cookie only`,
      held: !changed && res.status >= 400,
      figures: `answer ${res.status}; transactions or calculation changed: ${changed ? 'yes' : 'no'}`,
    });
  }
  // Control: the same change made properly (POST with the token) does show in the snapshot.
  const before = await snapshot(user);
  const post = await user.call('POST', `/api/traces/update_transaction_type/${row.id}/ignore`);
  const seen = before !== (await snapshot(user));
  if (outcomes[0])
    outcomes[0].figures += `; control: the POST with the token answered ${post.status}, changed: ${seen ? 'yes' : 'no'}`;
  return outcomes;
}

function openSocket(target: Target, cookie: string, origin: string): Promise<string> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${target.url.replace(/^http/, 'ws')}/api/ws`, { headers: { cookie, origin } });
    const done = (what: string) => {
      clearTimeout(timer);
      ws.removeAllListeners();
      ws.on('error', () => {});
      ws.terminate();
      resolve(what);
    };
    const timer = setTimeout(() => done('open, no message in 2 s'), 2000);
    ws.on('unexpected-response', (_req, res) => done(`refused with HTTP ${res.statusCode}`));
    ws.on('message', () => done('open, events readable'));
    ws.on('close', (code) => done(`closed (${code}) before any event`));
    ws.on('error', (err) => done(`error: ${err.message}`));
  });
}

/** The websocket opened by a page of another origin with the user's cookie. */
export async function websocketOrigin(target: Target): Promise<Outcome> {
  const user = new Client(target.url);
  await user.signUp(email('ws'), PASSWORD);
  const foreign = await openSocket(target, user.cookieHeader(), 'https://evil.example');
  const own = await openSocket(target, user.cookieHeader(), target.url);
  return {
    probe: 'websocket /api/ws opened with Origin https://evil.example and the user cookie',
    held: !foreign.startsWith('open'),
    figures: `foreign origin: ${foreign}; own origin (control): ${own}`,
  };
}

const countUploads = (dataDir: string): number => {
  const root = path.join(dataDir, 'uploads');
  try {
    return readdirSync(root, { recursive: true }).filter((f) => String(f).endsWith('.upload')).length;
  } catch {
    return 0;
  }
};

/** Sends part of a multipart upload and either drops the connection or ends the body early. */
function partialUpload(
  target: Target,
  cookie: string,
  csrf: string,
  abort: boolean,
): Promise<number | 'aborted'> {
  const boundary = `----abuse${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\nDate,Sent Amount,Sent Currency\r\n`,
  );
  const chunk = Buffer.alloc(1024 * 1024, '2024-01-02 10:00:00 UTC,1,BTC\r\n');
  return new Promise((resolve) => {
    const req = httpRequest(`${target.url}/api/imports/v1/csv_imports`, {
      method: 'POST',
      headers: {
        cookie,
        'x-csrf-token': csrf,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(abort ? head.length + 4 * chunk.length : head.length + chunk.length),
      },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve('aborted'));
    req.write(head);
    req.write(chunk, () => {
      if (abort) setTimeout(() => req.destroy(), 300);
      else req.end();
    });
  });
}

/** An upload cut off mid-file (the connection dropped), and one whose multipart body is truncated. */
export async function abortedUpload(target: Target): Promise<Outcome[]> {
  const user = new Client(target.url);
  await user.signUp(email('upload'), PASSWORD);
  await user.call('GET', '/api/auth/session');
  const cookie = user.cookieHeader();
  const before = target.dataDir ? countUploads(target.dataDir) : null;
  for (let i = 0; i < 3; i++) await partialUpload(target, cookie, user.csrf, true);
  await new Promise((r) => setTimeout(r, 1500));
  const after = target.dataDir ? countUploads(target.dataDir) : null;
  const left = before === null || after === null ? null : after - before;
  const truncated = await partialUpload(target, cookie, user.csrf, false);
  await new Promise((r) => setTimeout(r, 500));
  const afterTruncated = target.dataDir ? countUploads(target.dataDir) : null;
  return [
    {
      probe: 'upload: 3 uploads dropped after 1 MiB of a declared 4 MiB',
      held: left === null ? null : left === 0,
      figures: `.upload files left behind: ${left ?? 'unknown (data folder not given)'}`,
    },
    {
      probe: 'upload: a multipart body without its closing boundary',
      held: typeof truncated === 'number' ? truncated >= 400 && truncated < 500 : null,
      figures: `answer ${truncated}; .upload files then: ${afterTruncated === null || after === null ? 'unknown' : afterTruncated - after}`,
    },
  ];
}
