import type { OauthProvider } from '@lotwise/contracts/oauth/oauth';

/** One OAuth provider as configured: the app registered with it, and where its endpoints are. */
export interface OauthProviderConfig {
  id: OauthProvider;
  /** What the user sees ("Connect with Coinbase"). */
  name: string;
  clientId: string;
  clientSecret: string;
  /** The authorization server: `<base>/oauth2/auth`, `/oauth2/token`, `/oauth2/revoke`. */
  authBaseUrl: string;
  /** The read-only scopes asked for (and offline_access, for refresh tokens). */
  scopes: string[];
}

export type OauthConfig = Partial<Record<OauthProvider, OauthProviderConfig>>;

/**
 * Coinbase's read-only scopes: the wallets and their transactions, and the user's id (so the
 * same Coinbase login connected again is the account already connected). `offline_access`
 * asks for a refresh token.
 */
export const COINBASE_SCOPES = [
  'wallet:accounts:read',
  'wallet:transactions:read',
  'wallet:user:read',
  'offline_access',
];

/**
 * The OAuth apps a self-hoster registered (README "Connect with Coinbase"): COINBASE_OAUTH_CLIENT_ID
 * and COINBASE_OAUTH_CLIENT_SECRET together switch "Connect with Coinbase" on;
 * COINBASE_OAUTH_BASE_URL points the authorization server elsewhere (a replay server in tests).
 * One without the other is a configuration error, not a silently hidden option.
 */
export function loadOauthConfig(env: NodeJS.ProcessEnv): OauthConfig {
  const id = env.COINBASE_OAUTH_CLIENT_ID?.trim() ?? '';
  const secret = env.COINBASE_OAUTH_CLIENT_SECRET?.trim() ?? '';
  if (!id && !secret) return {};
  if (!id || !secret) {
    throw new Error(
      'Invalid configuration: COINBASE_OAUTH_CLIENT_ID and COINBASE_OAUTH_CLIENT_SECRET go together (set both, or neither to hide "Connect with Coinbase")',
    );
  }
  const base = env.COINBASE_OAUTH_BASE_URL?.trim() || 'https://login.coinbase.com';
  if (!URL.canParse(base)) {
    throw new Error(`Invalid configuration: COINBASE_OAUTH_BASE_URL: not a URL: ${base}`);
  }
  return {
    coinbase: {
      id: 'coinbase',
      name: 'Coinbase',
      clientId: id,
      clientSecret: secret,
      authBaseUrl: base.replace(/\/+$/, ''),
      scopes: COINBASE_SCOPES,
    },
  };
}

/** Where the provider sends the user back: a page of the app, which posts what it got. */
export function redirectUri(publicUrl: string, provider: OauthProvider): string {
  return `${publicUrl.replace(/\/+$/, '')}/oauth/${provider}/callback`;
}
