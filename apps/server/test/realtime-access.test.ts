import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { loadConfig } from '../src/config.ts';
import type { Mail } from '../src/mail/mailer.ts';
import { createServer, type Server } from '../src/server.ts';
import { DIALECTS, openTestDb } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';

/**
 * Issue 32.3 and 29.4: a websocket lives only as long as the access that opened it — the
 * client's revocation, logout, stopping impersonation, a role change and the session's expiry
 * close it at once, on the process that served the change and, through Redis, on the others —
 * and only pages of Lotwise's own origin may open it.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PUBLIC_URL = 'http://127.0.0.1:3999';

interface Probe {
  ws: WebSocket;
  events: string[];
  closed: Promise<number>;
}

async function openSocket(app: FastifyInstance, c: TestClient, origin = PUBLIC_URL): Promise<Probe> {
  const events: string[] = [];
  const cookie = `lotwise_session=${c.cookie('lotwise_session')}`;
  let closed!: Promise<number>;
  // Listeners go on before the handshake: the server's first message may come with it.
  const onInit = (ws: WebSocket) => {
    ws.on('message', (raw) => events.push((JSON.parse(String(raw)) as { event: string }).event));
    closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  };
  await app.ready(); // injectWS, unlike inject, does not ready the app itself
  const ws = await (
    app as unknown as { injectWS(path: string, ctx: object, options: object): Promise<WebSocket> }
  ).injectWS('/api/ws', { headers: { cookie, origin } }, { onInit });
  await expect.poll(() => events).toContain('connected');
  return { ws, events, closed };
}

const within = <T>(p: Promise<T>, ms = 3000) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('still open')), ms))]);

function tokenFrom(mails: Mail[], to: string): string {
  const mail = [...mails].reverse().find((m) => m.to === to);
  const match = mail && /accept_invitation\?token=([^\s]+)/.exec(mail.text);
  if (!match) throw new Error(`no invitation mail to ${to}`);
  return decodeURIComponent(match[1]!);
}

for (const dialect of DIALECTS) {
  for (const processes of [1, 2] as const) {
    describe(`${dialect}, ${processes === 1 ? 'one process' : 'two processes and Redis'}: websockets end with the access`, () => {
      let db: Awaited<ReturnType<typeof openTestDb>>;
      let a: Server;
      let b: Server;
      const mails: Mail[] = [];
      let alice: TestClient;
      let carol: TestClient;
      let aliceId: number;
      let nonce = 0;

      async function start(): Promise<Server> {
        const config = loadConfig({
          LOG_LEVEL: 'silent',
          PRICE_PROVIDERS: 'none',
          PUBLIC_URL,
          ...(processes === 2 ? { REDIS_URL, REDIS_PREFIX: `lotwise-test-${process.pid}-${dialect}` } : {}),
        });
        return createServer(
          { ...config, webDist: undefined },
          { db, mailer: { send: async (m) => void mails.push(m) }, logger: false },
        );
      }

      async function signUp(email: string) {
        const c = new TestClient(a.app);
        const res = await c.post('/api/auth/sign_up', {
          email,
          password: 'correct horse 9',
          first_name: 'X',
        });
        expect(res.status).toBe(200);
        return { c, id: res.body.user.id as number };
      }

      /** Alice has Carol as her accountant again; Carol's client (on a) enters Alice's account. */
      async function linkAndImpersonate(): Promise<void> {
        expect((await alice.post('/api/customer_cpa', { email: 'carol@cpa.example' })).status).toBe(200);
        const token = tokenFrom(mails, 'carol@cpa.example');
        expect((await carol.post('/api/invitations/accept', { token })).status).toBe(200);
        expect((await carol.post(`/api/users/${aliceId}/impersonate`)).status).toBe(200);
      }

      /** An event for Alice published on process a: does the socket (served by b) get it? */
      async function publishToAlice(): Promise<string> {
        const event = `probe-${dialect}-${processes}-${++nonce}`;
        a.ctx.hub.publish(aliceId, { channel: 'imports', event });
        return event;
      }

      async function revokeCarol(then?: () => Promise<unknown>): Promise<void> {
        const link = (await alice.get('/api/customer_cpa')).body.data.find(
          (l: { invited: string }) => l.invited === 'accepted',
        );
        expect((await alice.request('DELETE', `/api/customer_cpa/${link.id}`)).status).toBe(200);
        await then?.();
        // Carol's next request hands her own session back (impersonation guard).
        await carol.get('/api/auth/session');
      }

      beforeAll(async () => {
        db = await openTestDb(dialect);
        a = await start();
        b = processes === 2 ? await start() : a;
        ({ c: alice, id: aliceId } = await signUp('alice@example.com'));
        ({ c: carol } = await signUp('carol@cpa.example'));
        await carol.post('/api/onboarding/settings/update_role', { role: 'cpa' });
      });
      afterAll(async () => {
        await a?.close();
        if (b !== a) await b?.close();
        await db?.dispose();
      });

      it('revocation: the accountant’s socket in the client’s account closes, no event after it', async () => {
        await linkAndImpersonate();
        const socket = await openSocket(b.app, carol);
        const before = await publishToAlice();
        await expect.poll(() => socket.events).toContain(before);

        // Closed by the revocation itself, before Carol makes another request.
        await revokeCarol(async () => expect(await within(socket.closed)).toBe(4403));
        const after = await publishToAlice();
        await new Promise((r) => setTimeout(r, 300));
        expect(socket.events).not.toContain(after);
        // Alice's own socket is hers still.
        const own = await openSocket(b.app, alice);
        const mine = await publishToAlice();
        await expect.poll(() => own.events).toContain(mine);
        own.ws.close();
      });

      it('a reconnect after the revocation is refused without signing the accountant out', async () => {
        await linkAndImpersonate();
        const link = (await alice.get('/api/customer_cpa')).body.data.find(
          (l: { invited: string }) => l.invited === 'accepted',
        );
        expect((await alice.request('DELETE', `/api/customer_cpa/${link.id}`)).status).toBe(200);
        // The page's socket reconnects first: refused (a refused handshake's Set-Cookie is lost in
        // a browser, so it must not be where the session is swapped).
        await b.app.ready();
        const cookie = `lotwise_session=${carol.cookie('lotwise_session')}`;
        await (b.app as unknown as { injectWS(path: string, ctx: object): Promise<WebSocket> })
          .injectWS('/api/ws', { headers: { cookie, origin: PUBLIC_URL } })
          .then((ws) => ws.close())
          .catch(() => undefined);
        // Carol's next HTTP request, with the same cookie, is told and hands her own session back.
        const next = await carol.get('/api/traces/trace_status');
        expect(next.status).toBe(403);
        // A request of the page that left with the old cookie before that answer arrived must not
        // clear the cookie (its Set-Cookie would erase the new session's: signed out).
        const late = await b.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
        const cleared = [late.headers['set-cookie'] ?? []]
          .flat()
          .some((c) => c.startsWith('lotwise_session='));
        expect(cleared).toBe(false);
        const own = await carol.get('/api/auth/session');
        expect(own.body.user?.email).toBe('carol@cpa.example');
        expect(own.body.masquerade).toBeNull();
      });

      it('stopping impersonation and a role change close the accountant’s socket', async () => {
        await linkAndImpersonate();
        const viewing = await openSocket(b.app, carol);
        expect((await carol.post('/api/users/stop_impersonating')).status).toBe(200);
        expect(await within(viewing.closed)).toBe(4401);

        expect((await carol.post(`/api/users/${aliceId}/impersonate`)).status).toBe(200);
        const again = await openSocket(b.app, carol);
        // Carol, signed in elsewhere as herself, stops being an accountant.
        const carolElsewhere = new TestClient(a.app);
        await carolElsewhere.post('/api/auth/login', {
          email: 'carol@cpa.example',
          password: 'correct horse 9',
        });
        expect(
          (await carolElsewhere.post('/api/onboarding/settings/update_role', { role: 'customer' })).status,
        ).toBe(200);
        expect(await within(again.closed)).toBe(4403);
        await carolElsewhere.post('/api/onboarding/settings/update_role', { role: 'both' });
        await carol.post('/api/users/stop_impersonating');
        await revokeCarol();
      });

      it('logout and session expiry close the user’s own socket', async () => {
        const bob = (await signUp('bob@example.com')).c;
        const socket = await openSocket(b.app, bob);
        expect((await bob.post('/api/auth/logout')).status).toBe(200);
        expect(await within(socket.closed)).toBe(4401);

        await bob.post('/api/auth/login', { email: 'bob@example.com', password: 'correct horse 9' });
        await db.kysely
          .updateTable('sessions')
          .set({ expires_at: new Date(Date.now() + 1500).toISOString() })
          .where('user_id', '=', (await signUpId('bob@example.com'))!)
          .execute();
        const expiring = await openSocket(b.app, bob);
        expect(await within(expiring.closed, 5000)).toBe(4401);
      });

      async function signUpId(email: string) {
        return (
          await db.kysely.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()
        )?.id;
      }

      it('a page of another origin cannot open it with the user’s cookie', async () => {
        await expect(openSocket(b.app, alice, 'http://evil.example:8080')).rejects.toThrow(/403/);
        await expect(openSocket(b.app, alice, 'null')).rejects.toThrow(/403/);
        const ok = await openSocket(b.app, alice, PUBLIC_URL);
        ok.ws.close();
      });
    });
  }
}
