import { resolve } from 'node:path';
import { CoinbaseOauthReplay } from '@lotwise/test-replay/coinbase-oauth-replay';
import { coinbaseTransactionsFromCsv } from '@lotwise/test-replay/coinbase-replay';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OauthRepo } from '../src/modules/oauth/oauth.repo.ts';
import { OauthService } from '../src/modules/oauth/oauth.service.ts';
import { loadSecretKey, SecretBox } from '../src/shared/secret-box.ts';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/**
 * "Connect with Coinbase" (issue 33) through the app, against Coinbase's login server and App API
 * replayed in their documented shapes: the consent, the code exchanged once with PKCE, the
 * history imported like an API-key connection, tokens sealed, refreshed before expiry and after
 * an early refusal, revoked from the account's menu; a refused consent, a state from another
 * session, a reused code or state, and a token Coinbase revoked each end in a clear error.
 */
const SAMPLES = resolve(import.meta.dirname, '../../../fixtures/exchange-samples');

for (const dialect of DIALECTS) {
  describe(`${dialect}: Connect with Coinbase (OAuth)`, () => {
    const coinbase = new CoinbaseOauthReplay();
    let server: TestServer;
    let plain: TestServer;

    beforeAll(async () => {
      await coinbase.start();
      coinbase.state.transactions = coinbaseTransactionsFromCsv(
        `${SAMPLES}/coinbase-history-2025-addresses.csv`,
      );
      server = await startTestServer(dialect, {
        COINBASE_OAUTH_CLIENT_ID: coinbase.clientId,
        COINBASE_OAUTH_CLIENT_SECRET: coinbase.clientSecret,
        COINBASE_OAUTH_BASE_URL: coinbase.url,
        COINBASE_BASE_URL: coinbase.url,
        COINBASE_PACING: 'off',
        PUBLIC_URL: 'https://lotwise.example',
      });
      plain = await startTestServer(dialect);
    });
    afterAll(async () => {
      await server?.dispose();
      await plain?.dispose();
      await coinbase.close();
    });

    const signUp = async (email: string, on = server) => {
      const client = new TestClient(on.app);
      const res = await client.post('/api/auth/sign_up', { email, password: 'correct horse 9' });
      return { client, id: res.body.user.id as number };
    };
    const start = async (client: TestClient, body: object = {}) => {
      const res = await client.post('/api/oauth/coinbase/start', body);
      expect(res.status).toBe(200);
      return res.body.data.authorization_url as string;
    };
    /** What the redirect page posts: the query Coinbase sent it back with. */
    const answer = (back: string) => Object.fromEntries(new URL(back).searchParams);
    const accounts = async (client: TestClient) =>
      (await client.get('/api/imports/v2/import_histories?page=1')).body.data as {
        id: number;
        account_name: string;
        custom_name: string | null;
        type: string;
        import_status: string;
        oauth_status: string | null;
        failure_reason: string | null;
        total_transactions: number;
      }[];
    const connect = async (client: TestClient, body: object = {}) => {
      const back = coinbase.consent(await start(client, body), true);
      expect(back.startsWith('https://lotwise.example/oauth/coinbase/callback?')).toBe(true);
      const res = await client.post('/api/oauth/coinbase/callback', answer(back));
      expect(res.status).toBe(200);
      await server.ctx.jobs.idle();
      return res.body as { message: string; data: { import_history_id: number; job_id: number } };
    };
    const resync = async (client: TestClient, id: number) => {
      const res = await client.post('/api/imports/v2/actions/resync_account', { import_history_id: id });
      expect(res.status).toBe(200);
      await server.ctx.jobs.idle();
      return server.ctx.jobsRepo.find(res.body.data.job_id);
    };

    it('is hidden when no Coinbase app is configured, and offered when it is', async () => {
      const off = await signUp('oauth-off@example.com', plain);
      expect((await off.client.get('/api/oauth/providers')).body.data).toEqual([]);
      const refused = await off.client.post('/api/oauth/coinbase/start', {});
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe('Connecting coinbase by signing in is not set up on this server');
      const on = await signUp('oauth-on@example.com');
      expect((await on.client.get('/api/oauth/providers')).body.data).toEqual([
        { id: 'coinbase', name: 'Coinbase' },
      ]);
    });

    it('asks for read-only scopes with PKCE and a state, imports the history, keeps the tokens sealed', async () => {
      const { client, id } = await signUp('oauth-connect@example.com');
      const url = new URL(await start(client, { custom_name: 'My Coinbase' }));
      expect(url.origin + url.pathname).toBe(`${coinbase.url}/oauth2/auth`);
      expect(url.searchParams.get('scope')).toBe(
        'wallet:accounts:read wallet:transactions:read wallet:user:read offline_access',
      );
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('redirect_uri')).toBe('https://lotwise.example/oauth/coinbase/callback');
      const back = coinbase.consent(url.toString(), true);
      const done = await client.post('/api/oauth/coinbase/callback', answer(back));
      expect(done.status).toBe(200);
      expect(done.body.message).toBe('Coinbase connected: importing its history');
      await server.ctx.jobs.idle();
      const job = await server.ctx.jobsRepo.find(done.body.data.job_id);
      expect(job?.error ?? null).toBeNull();
      const [account] = await accounts(client);
      expect(account).toMatchObject({
        account_name: 'Coinbase',
        custom_name: 'My Coinbase',
        type: 'api',
        import_status: 'complete',
        oauth_status: 'active',
      });
      // The same rows as the API-key path: every completed transaction of the report.
      expect(account?.total_transactions).toBeGreaterThan(5);
      // The API was read with the bearer token (no key headers).
      const reads = coinbase.server.to(/^\/v2\/accounts/);
      expect(reads.length).toBeGreaterThan(1);
      expect(reads.every((r) => /^Bearer /.test(r.headers.authorization ?? ''))).toBe(true);
      // Sealed at rest: neither token is stored as issued.
      const row = await server.ctx.db.kysely
        .selectFrom('oauth_connections')
        .selectAll()
        .where('user_id', '=', id)
        .executeTakeFirstOrThrow();
      const issued = [...coinbase.tokens.keys()].at(-1) ?? '';
      const refresh = coinbase.tokens.get(issued)?.refresh ?? '';
      expect(row.access_token_sealed).toMatch(/^v1:/);
      expect(row.refresh_token_sealed).toMatch(/^v1:/);
      expect(JSON.stringify(row)).not.toContain(issued);
      expect(JSON.stringify(row)).not.toContain(refresh);
      expect(row.provider_user_id).toBe('cb-user-1');

      // The same Coinbase login again is the account already connected: nothing twice.
      const before = account?.total_transactions;
      const again = await connect(client);
      expect(again.message).toBe(
        'Coinbase is already connected with this login: importing its history again',
      );
      expect(again.data.import_history_id).toBe(account?.id);
      const after = await accounts(client);
      expect(after).toHaveLength(1);
      expect(after[0]?.total_transactions).toBe(before);
    });

    it('a refused consent connects nothing and says so', async () => {
      const { client } = await signUp('oauth-denied@example.com');
      const back = coinbase.consent(await start(client), false);
      const res = await client.post('/api/oauth/coinbase/callback', answer(back));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('You declined access on Coinbase: nothing was connected.');
      expect(await accounts(client)).toEqual([]);
    });

    it('a connection that cannot be stored leaves no account behind', async () => {
      const { client } = await signUp('oauth-stopped@example.com');
      const db = server.ctx.db.kysely;
      // Stands in for a process stopped between the account and its connection: the second
      // write fails after the first one was made.
      if (dialect === 'sqlite') {
        await sql`CREATE TRIGGER oauth_stop BEFORE INSERT ON oauth_connections BEGIN SELECT RAISE(ABORT, 'stopped'); END`.execute(
          db,
        );
      } else {
        await sql`CREATE FUNCTION oauth_stop() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'stopped'; END $$ LANGUAGE plpgsql`.execute(
          db,
        );
        await sql`CREATE TRIGGER oauth_stop BEFORE INSERT ON oauth_connections FOR EACH ROW EXECUTE FUNCTION oauth_stop()`.execute(
          db,
        );
      }
      try {
        const back = coinbase.consent(await start(client), true);
        const res = await client.post('/api/oauth/coinbase/callback', answer(back));
        expect(res.status).toBe(500);
        expect(await accounts(client)).toEqual([]);
      } finally {
        await sql`DROP TRIGGER oauth_stop${sql.raw(dialect === 'sqlite' ? '' : ' ON oauth_connections')}`.execute(
          db,
        );
        if (dialect !== 'sqlite') await sql`DROP FUNCTION oauth_stop()`.execute(db);
      }
      // Connecting again makes the one account.
      await connect(client);
      expect(await accounts(client)).toHaveLength(1);
    });

    it('refuses a state another session started, an unknown one and a missing one (CSRF)', async () => {
      const alice = await signUp('oauth-alice@example.com');
      const mallory = await signUp('oauth-mallory@example.com');
      const back = answer(coinbase.consent(await start(alice.client), true));
      // Mallory's browser made to post Alice's answer, and Alice's own second session.
      const otherSession = new TestClient(server.app);
      await otherSession.post('/api/auth/login', {
        email: 'oauth-alice@example.com',
        password: 'correct horse 9',
      });
      for (const client of [mallory.client, otherSession]) {
        const res = await client.post('/api/oauth/coinbase/callback', back);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(
          'This Coinbase sign-in was not started from this Lotwise session, so nothing was connected. Start again with “Connect with Coinbase”.',
        );
      }
      const missing = await alice.client.post('/api/oauth/coinbase/callback', { code: back.code });
      expect(missing.status).toBe(400);
      expect(missing.body.field).toBe('state');
      expect(await accounts(mallory.client)).toEqual([]);
      // The consent is still Alice's to finish.
      const ok = await alice.client.post('/api/oauth/coinbase/callback', back);
      expect(ok.status).toBe(200);
      await server.ctx.jobs.idle();
    });

    it('a reused answer or a reused code is refused, and a slow consent expires', async () => {
      const { client } = await signUp('oauth-reuse@example.com');
      const back = answer(coinbase.consent(await start(client), true));
      expect((await client.post('/api/oauth/coinbase/callback', back)).status).toBe(200);
      await server.ctx.jobs.idle();
      const twice = await client.post('/api/oauth/coinbase/callback', back);
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe(
        'This Coinbase sign-in was already used: nothing more was connected. Start again with “Connect with Coinbase”.',
      );
      // A fresh state with the old code: Coinbase refuses the code (used once already).
      const fresh = answer(coinbase.consent(await start(client), true));
      const reused = await client.post('/api/oauth/coinbase/callback', { ...fresh, code: back.code });
      expect(reused.status).toBe(400);
      expect(reused.body.message).toBe(
        'Coinbase did not accept this sign-in: it was already used, has expired or was revoked. Connect with Coinbase again.',
      );
      // A consent finished after ten minutes.
      const slow = answer(coinbase.consent(await start(client), true));
      await server.ctx.db.kysely
        .updateTable('oauth_authorizations')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('used_at', 'is', null)
        .execute();
      const late = await client.post('/api/oauth/coinbase/callback', slow);
      expect(late.status).toBe(400);
      expect(late.body.message).toBe(
        'This Coinbase sign-in took longer than 10 minutes and has expired. Start again with “Connect with Coinbase”.',
      );
    });

    it('refreshes a token about to expire before using it, and one Coinbase refuses early', async () => {
      coinbase.accessSeconds = 60; // within the five minutes a token is refreshed before
      const { client } = await signUp('oauth-refresh@example.com');
      coinbase.state.userId = 'cb-user-refresh';
      const done = await connect(client);
      const refreshes = () =>
        coinbase.server.to(/^\/oauth2\/token$/).filter((r) => r.fields.grant_type === 'refresh_token');
      // The first import already refreshed it: a minute left is too little to start with.
      expect(refreshes()).toHaveLength(1);
      coinbase.accessSeconds = 3600;
      // That refresh again gave a minute: refreshed again, and the single-use refresh token replaced.
      expect((await resync(client, done.data.import_history_id))?.status).toBe('succeeded');
      expect(refreshes()).toHaveLength(2);
      expect(refreshes()[1]?.fields.refresh_token).not.toBe(refreshes()[0]?.fields.refresh_token);
      // Now it has an hour: used as it is.
      expect((await resync(client, done.data.import_history_id))?.status).toBe('succeeded');
      expect(refreshes()).toHaveLength(2);
      // Coinbase's clock runs past the hour: the API answers expired_token, one refresh, success.
      coinbase.now += 2 * 3600_000;
      const late = await resync(client, done.data.import_history_id);
      expect(late?.error ?? null).toBeNull();
      expect(refreshes()).toHaveLength(3);
      coinbase.now = Date.now();
      coinbase.state.userId = 'cb-user-1';
    });

    it('syncs refreshing the same connection at once refresh it once; the others take the new token', async () => {
      const { client, id } = await signUp('oauth-parallel@example.com');
      coinbase.state.userId = 'cb-user-parallel';
      await connect(client);
      const db = server.ctx.db.kysely;
      const row = () =>
        db.selectFrom('oauth_connections').selectAll().where('user_id', '=', id).executeTakeFirstOrThrow();
      const expiring = (extra: object = {}) =>
        db
          .updateTable('oauth_connections')
          .set({ expires_at: new Date(Date.now() + 60_000).toISOString(), ...extra })
          .where('user_id', '=', id)
          .execute();
      // Two server processes (or two jobs of one) with the same connection row.
      const { config } = server.ctx;
      const box = new SecretBox(loadSecretKey({ envKey: config.secretKey, dataDir: config.dataDir }));
      const service = () => new OauthService(server.ctx, new OauthRepo(db), box);
      const [one, two] = [service(), service()];
      const refreshes = () =>
        coinbase.server.to(/^\/oauth2\/token$/).filter((r) => r.fields.grant_type === 'refresh_token');

      // The access token is about to expire and three syncs start at once: one refresh.
      await expiring();
      const conn = await row();
      const before = refreshes().length;
      const tokens = await Promise.all([one.accessToken(conn), two.accessToken(conn), one.accessToken(conn)]);
      expect(refreshes()).toHaveLength(before + 1);
      expect(new Set(tokens).size).toBe(1);
      expect(coinbase.tokens.get(tokens[0] ?? '')?.revoked).toBe(false);
      expect(await row()).toMatchObject({ status: 'active', refreshing_until: null });
      expect(box.open((await row()).access_token_sealed ?? '')).toBe(tokens[0]);

      // A token Coinbase refused early, reported by two syncs that used it: refreshed once.
      const refused = tokens[0] ?? '';
      const again = await Promise.all([
        one.accessToken(conn, { refused }),
        two.accessToken(conn, { refused }),
      ]);
      expect(refreshes()).toHaveLength(before + 2);
      expect(again[0]).toBe(again[1]);
      expect(again[0]).not.toBe(refused);
      // A sync that comes after with the token refused before takes the new one without a refresh.
      expect(await one.accessToken(conn, { refused })).toBe(again[0]);
      expect(refreshes()).toHaveLength(before + 2);

      // A claim left by a process killed mid-refresh lapses: the next sync refreshes.
      await expiring({ refreshing_until: new Date(Date.now() - 1000).toISOString() });
      const afterKill = await one.accessToken(await row());
      expect(refreshes()).toHaveLength(before + 3);
      expect(await row()).toMatchObject({ status: 'active', refreshing_until: null });
      expect(box.open((await row()).access_token_sealed ?? '')).toBe(afterKill);

      // Through the app: two resyncs at once both import, and the account stays connected.
      await expiring();
      const [a, b] = await Promise.all([
        client.post('/api/imports/v2/actions/resync_account', { import_history_id: conn.import_history_id }),
        client.post('/api/imports/v2/actions/resync_account', { import_history_id: conn.import_history_id }),
      ]);
      await server.ctx.jobs.idle();
      for (const res of [a, b].filter((r) => r.status === 200)) {
        expect((await server.ctx.jobsRepo.find(res.body.data.job_id))?.error ?? null).toBeNull();
      }
      expect(await row()).toMatchObject({ status: 'active', refreshing_until: null });
      const [account] = await accounts(client);
      expect(account).toMatchObject({ oauth_status: 'active', import_status: 'complete' });
      coinbase.state.userId = 'cb-user-1';
    });

    it('a token Coinbase revoked asks the user to connect again', async () => {
      const { client } = await signUp('oauth-revoked@example.com');
      coinbase.state.userId = 'cb-user-revoked';
      const done = await connect(client);
      coinbase.revokeAll();
      const job = await resync(client, done.data.import_history_id);
      expect(job?.status).toBe('failed');
      const [account] = await accounts(client);
      expect(account?.oauth_status).toBe('expired');
      expect(account?.import_status).toBe('failed');
      expect(account?.failure_reason).toBe(
        'Coinbase access for this account has expired or was revoked: use “Connect with Coinbase” again to resync it.',
      );
      // Connecting the same login again revives the account.
      await connect(client);
      const [revived] = await accounts(client);
      expect(revived).toMatchObject({ id: account?.id, oauth_status: 'active', import_status: 'complete' });
      coinbase.state.userId = 'cb-user-1';
    });

    it('disconnect revokes the token at Coinbase and forgets both; the rows stay', async () => {
      const { client, id } = await signUp('oauth-disconnect@example.com');
      coinbase.state.userId = 'cb-user-disconnect';
      const done = await connect(client);
      const historyId = done.data.import_history_id;
      const stranger = await signUp('oauth-stranger@example.com');
      expect((await stranger.client.post(`/api/oauth/connections/${historyId}/revoke`)).status).toBe(404);
      const res = await client.post(`/api/oauth/connections/${historyId}/revoke`);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(
        'Coinbase disconnected: Lotwise can no longer read this account; its imported transactions stay',
      );
      const revoke = coinbase.server.to(/^\/oauth2\/revoke$/).at(-1);
      expect(revoke?.headers.authorization).toBe(`Bearer ${revoke?.fields.token}`);
      expect(coinbase.tokens.get(String(revoke?.fields.token))?.revoked).toBe(true);
      const row = await server.ctx.db.kysely
        .selectFrom('oauth_connections')
        .selectAll()
        .where('user_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'revoked', access_token_sealed: null, refresh_token_sealed: null });
      const [account] = await accounts(client);
      expect(account?.total_transactions).toBeGreaterThan(5);
      expect(account?.oauth_status).toBe('revoked');
      const job = await resync(client, historyId);
      expect(job?.error).toContain('use “Connect with Coinbase” again to resync it');
      coinbase.state.userId = 'cb-user-1';
    });

    it('deleting the account revokes its token at Coinbase first', async () => {
      const { client, id } = await signUp('oauth-delete@example.com');
      coinbase.state.userId = 'cb-user-delete';
      const done = await connect(client);
      const before = coinbase.server.to(/^\/oauth2\/revoke$/).length;
      const res = await client.request(
        'DELETE',
        `/api/imports/v1/import_histories/${done.data.import_history_id}`,
      );
      expect(res.status).toBe(200);
      await server.ctx.jobs.idle();
      const revokes = coinbase.server.to(/^\/oauth2\/revoke$/);
      expect(revokes.length).toBe(before + 1);
      expect(coinbase.tokens.get(String(revokes.at(-1)?.fields.token))?.revoked).toBe(true);
      const left = await server.ctx.db.kysely
        .selectFrom('oauth_connections')
        .selectAll()
        .where('user_id', '=', id)
        .execute();
      expect(left).toEqual([]);
      expect(await accounts(client)).toEqual([]);
      coinbase.state.userId = 'cb-user-1';
    });
  });
}
