import { createHash, randomBytes } from 'node:crypto';
import { type CoinbaseTransaction, coinbaseHandler } from './coinbase-replay.ts';
import { ExchangeReplay, type ReplayAnswer, type ReplayRequest } from './exchange-replay.ts';

/** Scopes a read-only connection may ask for (Coinbase App scopes reference). */
const READ_SCOPES = new Set([
  'wallet:accounts:read',
  'wallet:transactions:read',
  'wallet:user:read',
  'offline_access',
]);

interface Grant {
  clientId: string;
  redirectUri: string;
  challenge: string;
  scope: string;
  used: boolean;
  expiresAt: number;
}

interface Token {
  refresh: string | null;
  expiresAt: number;
  revoked: boolean;
}

/**
 * Coinbase's login server and App API as documented (docs.cdp.coinbase.com, "Coinbase App
 * OAuth2"), for tests: `GET /oauth2/auth` shows a consent page whose Authorize / Cancel links
 * go back to the redirect URI with `code` and `state` (or `error=access_denied`); `POST
 * /oauth2/token` exchanges a code once (client secret and PKCE S256 verifier checked) or a
 * single-use refresh token for a new pair (access tokens last `accessSeconds`, an hour by
 * default); `POST /oauth2/revoke` revokes a token and answers 200 whatever it was; the v2 API
 * answers bearer tokens it issued and not revoked or expired, 401 `expired_token` /
 * `revoked_token` / `invalid_token` otherwise. `now` is its clock (tests move it on).
 */
export class CoinbaseOauthReplay {
  readonly grants = new Map<string, Grant>();
  readonly tokens = new Map<string, Token>();
  readonly usedRefresh = new Set<string>();
  readonly state: { key: string; transactions: CoinbaseTransaction[]; userId: string } = {
    key: 'unused-api-key',
    transactions: [],
    userId: 'cb-user-1',
  };
  accessSeconds = 3600;
  now = Date.now();
  readonly server: ExchangeReplay;

  constructor(
    readonly clientId = 'lotwise-test-client',
    readonly clientSecret = 'lotwise-test-secret',
  ) {
    this.server = new ExchangeReplay((req) => {
      if (req.path === '/oauth2/auth' && req.method === 'GET') return this.consentPage(req);
      if (req.path === '/oauth2/token' && req.method === 'POST') return this.token(req);
      if (req.path === '/oauth2/revoke' && req.method === 'POST') return this.revoke(req);
      // The App API, over the transactions and user id given now.
      return coinbaseHandler({ ...this.state, bearer: (t) => this.checkBearer(t) })(req);
    });
  }

  get url(): string {
    return this.server.url;
  }

  async start(): Promise<this> {
    await this.server.start();
    return this;
  }

  close(): Promise<void> {
    return this.server.close();
  }

  /**
   * What the consent page's Authorize (allow) or Cancel link leads to: the redirect URI with a
   * fresh code and the state, or with error=access_denied. Throws on a request Coinbase refuses.
   */
  consent(authorizationUrl: string, allow: boolean): string {
    const q = new URL(authorizationUrl).searchParams;
    const problem = this.badRequest(q);
    if (problem) throw new Error(problem);
    const back = new URL(q.get('redirect_uri') ?? '');
    if (q.get('state')) back.searchParams.set('state', q.get('state') ?? '');
    if (!allow) {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user denied access to your application');
      return back.toString();
    }
    const code = randomBytes(16).toString('hex');
    this.grants.set(code, {
      clientId: q.get('client_id') ?? '',
      redirectUri: q.get('redirect_uri') ?? '',
      challenge: q.get('code_challenge') ?? '',
      scope: q.get('scope') ?? '',
      used: false,
      expiresAt: this.now + 10 * 60_000,
    });
    back.searchParams.set('code', code);
    return back.toString();
  }

  /** Coinbase revoking every token it gave (the user removed the app in their Coinbase settings). */
  revokeAll(): void {
    for (const t of this.tokens.values()) t.revoked = true;
    for (const t of this.tokens.values()) if (t.refresh) this.usedRefresh.add(t.refresh);
  }

  private badRequest(q: URLSearchParams): string | null {
    if (q.get('response_type') !== 'code') return 'response_type must be code';
    if (q.get('client_id') !== this.clientId) return 'unknown client_id';
    if (!q.get('redirect_uri')) return 'redirect_uri missing';
    if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) return 'PKCE S256 expected';
    if ((q.get('state') ?? '').length < 8) return 'state must be at least 8 characters';
    const scopes = (q.get('scope') ?? '').split(/[ ,]+/).filter(Boolean);
    const write = scopes.filter((s) => !READ_SCOPES.has(s));
    if (write.length > 0) return `not read-only scopes: ${write.join(', ')}`;
    return null;
  }

  private consentPage(req: ReplayRequest): ReplayAnswer {
    const url = `http://replay${req.path}?${req.query.toString()}`;
    const problem = this.badRequest(req.query);
    if (problem) return { status: 400, body: { error: 'invalid_request', error_description: problem } };
    const scopes = (req.query.get('scope') ?? '').split(/[ ,]+/).filter(Boolean);
    const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    const html = `<!doctype html><html><head><meta name="viewport" content="width=device-width"><title>Coinbase – Authorize</title></head>
<body style="font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem">
<h1>Authorize Lotwise</h1><p>Lotwise would like to:</p><ul>${scopes.map((s) => `<li>${esc(s)}</li>`).join('')}</ul>
<p><a id="authorize" href="${esc(this.consent(url, true))}">Authorize</a> · <a id="cancel" href="${esc(this.consent(url, false))}">Cancel</a></p>
</body></html>`;
    return { body: html, headers: { 'content-type': 'text/html; charset=utf-8' } };
  }

  private token(req: ReplayRequest): ReplayAnswer {
    const f = req.fields as Record<string, string | undefined>;
    if (f.client_id !== this.clientId || f.client_secret !== this.clientSecret) {
      return {
        status: 401,
        body: { error: 'invalid_client', error_description: 'Client authentication failed' },
      };
    }
    const invalid = (why: string): ReplayAnswer => ({
      status: 400,
      body: { error: 'invalid_grant', error_description: why },
    });
    if (f.grant_type === 'authorization_code') {
      const grant = this.grants.get(f.code ?? '');
      if (!grant) return invalid('The authorization code is invalid');
      if (grant.used) return invalid('The authorization code has already been used');
      if (grant.expiresAt < this.now) return invalid('The authorization code has expired');
      grant.used = true;
      if (f.redirect_uri !== grant.redirectUri) return invalid('redirect_uri does not match');
      const challenge = createHash('sha256')
        .update(f.code_verifier ?? '')
        .digest('base64url');
      if (challenge !== grant.challenge) return invalid('PKCE verification failed');
      return { body: this.issue(grant.scope) };
    }
    if (f.grant_type === 'refresh_token') {
      const refresh = f.refresh_token ?? '';
      const owner = [...this.tokens.values()].find((t) => t.refresh === refresh);
      if (!owner || this.usedRefresh.has(refresh))
        return invalid('The refresh token is invalid or was already used');
      this.usedRefresh.add(refresh);
      return {
        body: this.issue('wallet:accounts:read wallet:transactions:read wallet:user:read offline_access'),
      };
    }
    return { status: 400, body: { error: 'unsupported_grant_type' } };
  }

  private issue(scope: string) {
    const access = randomBytes(24).toString('hex');
    const refresh = scope.split(/[ ,]+/).includes('offline_access') ? randomBytes(24).toString('hex') : null;
    this.tokens.set(access, { refresh, expiresAt: this.now + this.accessSeconds * 1000, revoked: false });
    return {
      access_token: access,
      token_type: 'bearer',
      expires_in: this.accessSeconds,
      ...(refresh ? { refresh_token: refresh } : {}),
      scope,
    };
  }

  private revoke(req: ReplayRequest): ReplayAnswer {
    const token = this.tokens.get(String(req.fields.token ?? ''));
    if (token) {
      token.revoked = true;
      if (token.refresh) this.usedRefresh.add(token.refresh);
    }
    return { body: {} };
  }

  private checkBearer(bearer: string): ReplayAnswer | null {
    const token = this.tokens.get(bearer);
    const refuse = (id: string, message: string): ReplayAnswer => ({
      status: 401,
      body: { errors: [{ id, message }] },
    });
    if (!token) return refuse('invalid_token', 'The access token is invalid');
    if (token.revoked) return refuse('revoked_token', 'The access token was revoked');
    if (token.expiresAt < this.now) return refuse('expired_token', 'The access token expired');
    return null;
  }
}
