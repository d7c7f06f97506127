import * as oauth from 'oauth4webapi';
import type { OauthProviderConfig } from './oauth-config.ts';

/** Why the provider's authorization server refused or failed, for the user. */
export type OauthErrorKind = 'invalid_grant' | 'down' | 'malformed';

export class OauthError extends Error {
  constructor(
    readonly kind: OauthErrorKind,
    message: string,
    /** What the server said, for the log (never a token). */
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'OauthError';
  }
}

export interface OauthTokens {
  accessToken: string;
  refreshToken: string | null;
  /** ISO time the access token expires (null: the server did not say). */
  expiresAt: string | null;
  scope: string | null;
}

/**
 * One provider's authorization server through oauth4webapi (RFC 6749 authorization code with
 * PKCE S256, RFC 7009 revocation): the consent page's address, the code exchange, the refresh,
 * the revocation. The client authenticates with its secret in the form (client_secret_post), as
 * Coinbase documents. Plain http is allowed only when the configured base is http (a replay
 * server on this machine); Coinbase's own is https.
 */
export class OauthClient {
  private readonly as: oauth.AuthorizationServer;
  private readonly client: oauth.Client;
  private readonly auth: oauth.ClientAuth;
  private readonly http: oauth.HttpRequestOptions<'POST', URLSearchParams>;

  constructor(
    private readonly config: OauthProviderConfig,
    private readonly redirectUri: string,
    private readonly now: () => number = Date.now,
  ) {
    const base = config.authBaseUrl;
    this.as = {
      issuer: base,
      authorization_endpoint: `${base}/oauth2/auth`,
      token_endpoint: `${base}/oauth2/token`,
      revocation_endpoint: `${base}/oauth2/revoke`,
    };
    this.client = { client_id: config.clientId };
    this.auth = oauth.ClientSecretPost(config.clientSecret);
    this.http = {
      signal: () => AbortSignal.timeout(30_000),
      [oauth.allowInsecureRequests]: base.startsWith('http:'),
    };
  }

  static newState(): string {
    return oauth.generateRandomState();
  }

  static newVerifier(): string {
    return oauth.generateRandomCodeVerifier();
  }

  /** The consent page: response_type=code, the read-only scopes, state and the PKCE challenge. */
  async authorizationUrl(state: string, verifier: string): Promise<string> {
    const url = new URL(this.as.authorization_endpoint ?? '');
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', this.config.clientId);
    url.searchParams.set('redirect_uri', this.redirectUri);
    url.searchParams.set('scope', this.config.scopes.join(' '));
    url.searchParams.set('state', state);
    url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
    url.searchParams.set('code_challenge_method', 'S256');
    return url.toString();
  }

  /** The code the consent page returned, exchanged (once) for tokens with the PKCE verifier. */
  async exchangeCode(code: string, state: string, verifier: string): Promise<OauthTokens> {
    return this.tokens(async () => {
      const params = oauth.validateAuthResponse(
        this.as,
        this.client,
        new URLSearchParams({ code, state }),
        state,
      );
      const res = await oauth.authorizationCodeGrantRequest(
        this.as,
        this.client,
        this.auth,
        params,
        this.redirectUri,
        verifier,
        this.http,
      );
      return oauth.processAuthorizationCodeResponse(this.as, this.client, res);
    });
  }

  /** A new access token and a new refresh token (Coinbase's refresh tokens are single-use). */
  async refresh(refreshToken: string): Promise<OauthTokens> {
    return this.tokens(async () => {
      const res = await oauth.refreshTokenGrantRequest(
        this.as,
        this.client,
        this.auth,
        refreshToken,
        this.http,
      );
      return oauth.processRefreshTokenResponse(this.as, this.client, res);
    });
  }

  /** Revokes the access token (Coinbase wants it also as the bearer of the request). */
  async revoke(accessToken: string): Promise<void> {
    try {
      const res = await oauth.revocationRequest(this.as, this.client, this.auth, accessToken, {
        ...this.http,
        // oauth4webapi keeps the Authorization header to itself: added on the way out instead.
        [oauth.customFetch]: (url, init) => {
          const headers = new Headers(init.headers);
          headers.set('authorization', `Bearer ${accessToken}`);
          return fetch(url, { ...init, headers });
        },
      });
      await oauth.processRevocationResponse(res);
    } catch (error) {
      throw this.mapped(error);
    }
  }

  private async tokens(run: () => Promise<oauth.TokenEndpointResponse>): Promise<OauthTokens> {
    let got: oauth.TokenEndpointResponse;
    try {
      got = await run();
    } catch (error) {
      throw this.mapped(error);
    }
    return {
      accessToken: got.access_token,
      refreshToken: got.refresh_token ?? null,
      expiresAt:
        typeof got.expires_in === 'number'
          ? new Date(this.now() + got.expires_in * 1000).toISOString()
          : null,
      scope: got.scope ?? null,
    };
  }

  private mapped(error: unknown): OauthError {
    const name = this.config.name;
    if (error instanceof OauthError) return error;
    if (error instanceof oauth.ResponseBodyError) {
      const detail = `${error.status} ${error.error}: ${error.error_description ?? ''}`;
      if (error.status >= 500) return new OauthError('down', down(name), detail);
      if (error.error === 'invalid_grant') {
        return new OauthError(
          'invalid_grant',
          `${name} did not accept this sign-in: it was already used, has expired or was revoked. Connect with ${name} again.`,
          detail,
        );
      }
      return new OauthError('malformed', failed(name), detail);
    }
    const detail = error instanceof Error ? error.message : String(error);
    // fetch() itself failed (no answer, refused, timed out), or a 5xx without an OAuth body.
    if (error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError')) {
      return new OauthError('down', down(name), detail);
    }
    if (error instanceof oauth.OperationProcessingError && /50\d|status code/i.test(detail)) {
      return new OauthError('down', down(name), detail);
    }
    return new OauthError('malformed', failed(name), detail);
  }
}

const down = (name: string) =>
  `${name} service is not currently responding, please try connecting again in a bit.`;
const failed = (name: string) =>
  `${name} sign-in failed, please try again and contact customer support if the issue persists.`;
