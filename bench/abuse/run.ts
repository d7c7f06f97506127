/**
 * Abuse probes (issue 29): repeats the attacks of the audit against a Lotwise server on this
 * machine and prints, for each, what held and what did not, with counts. Asserts nothing.
 *
 *   npx tsx bench/abuse/run.ts [--dialect sqlite|postgres]
 *       starts its own server process (production defaults, 127.0.0.1, a fresh data folder and
 *       database), and a second one with TRUST_PROXY=loopback, where each spoofed address counts
 *       as a real client (an attacker with many addresses): the per-account limits, the reset
 *       e-mail cap and the MFA challenge's own cap must hold there too
 *   npx tsx bench/abuse/run.ts --url http://127.0.0.1:3000 [--data-dir data]
 *       probes a running server instead (loopback only; it signs up throw-away accounts; the
 *       data folder lets it count e-mails in the outbox and leftover uploads)
 *
 * Every loop is bounded (at most 50 requests a probe). The sign-up probe runs last: it spends
 * the loopback address's sign-ups for the hour (SIGNUP_RATE_LIMIT).
 */
import path from 'node:path';
import pg from 'pg';
import { invitationMails } from './invitation-probe.ts';
import {
  abortedUpload,
  csrfGets,
  loginWithSpoofedXff,
  mfaDisable,
  mfaRace,
  type Outcome,
  resetMails,
  signUps,
  type Target,
  websocketOrigin,
} from './probes.ts';
import { type ProbeServer, startProbeServer } from './server.ts';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const url = arg('url');
const dialect = arg('dialect') ?? 'sqlite';
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

if (url && !['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname)) {
  console.error(`Refusing ${url}: the probes run against this machine only (127.0.0.1, localhost, ::1).`);
  process.exit(2);
}

const servers: ProbeServer[] = [];
const databases: string[] = [];
const admin = dialect === 'postgres' && !url ? new pg.Client({ connectionString: ADMIN_URL }) : undefined;

async function serverEnv(): Promise<Record<string, string>> {
  if (!admin) return {};
  const database = `lotwise_abuse_${process.pid}_${databases.length}`;
  await admin.query(`CREATE DATABASE ${database}`);
  databases.push(database);
  return { DATABASE_URL: ADMIN_URL.replace(/\/[^/]*$/, `/${database}`) };
}

async function start(env: Record<string, string>): Promise<Target> {
  const server = await startProbeServer({ ...(await serverEnv()), ...env });
  servers.push(server);
  return { url: server.url, dataDir: server.dataDir };
}

const outcomes: Outcome[] = [];
function report(o: Outcome) {
  outcomes.push(o);
  const mark = o.held === null ? 'n/a     ' : o.held ? 'HELD    ' : 'NOT HELD';
  console.log(`${mark}  ${o.probe}\n          ${o.figures}`);
}

async function probe(name: string, fn: () => Promise<Outcome | Outcome[]>) {
  try {
    const result = await fn();
    for (const o of Array.isArray(result) ? result : [result]) report(o);
  } catch (error) {
    report({ probe: name, held: null, figures: `the probe failed: ${(error as Error).message}` });
  }
}

try {
  if (admin) await admin.connect();
  const dataDir = arg('data-dir');
  const target: Target = url
    ? { url, dataDir: dataDir ? path.resolve(dataDir) : undefined }
    : await start({});
  console.log(`Probing ${target.url} (${url ? 'running server' : `own server, ${dialect}`})\n`);
  await probe('login rate limit', () => loginWithSpoofedXff(target));
  await probe('reset e-mails', () => resetMails(target));
  await probe('MFA race', () => mfaRace(target));
  if (!url) {
    // As if every spoofed address were a real client behind a proxy Lotwise trusts: what holds
    // when an attacker really has many addresses.
    const proxied = await start({ TRUST_PROXY: 'loopback' });
    const label = ' [TRUST_PROXY=loopback: each a real client]';
    console.log(`\nA second server behind a trusted proxy, ${proxied.url}:\n`);
    await probe('login rate limit (proxied)', () => loginWithSpoofedXff(proxied, label));
    await probe('reset e-mails (proxied)', () => resetMails(proxied, label));
    await probe('MFA race (proxied)', () => mfaRace(proxied, label));
    console.log('');
  }
  await probe('mfa/disable', () => mfaDisable(target));
  await probe('CSRF by GET', () => csrfGets(target));
  await probe('websocket origin', () => websocketOrigin(target));
  await probe('aborted upload', () => abortedUpload(target));
  await probe('invitation e-mails', () => invitationMails(target));
  // Last: it uses up this address's sign-ups for the hour.
  await probe('sign-ups', () => signUps(target));
  const held = outcomes.filter((o) => o.held === true).length;
  const failed = outcomes.filter((o) => o.held === false).length;
  console.log(`\n${held} held, ${failed} did not, ${outcomes.length - held - failed} not judged`);
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  if (admin) {
    for (const database of databases) await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}
