import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { OauthProvider } from '@lotwise/contracts/oauth/oauth';
import type { AppContext } from '../../http/context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Auth } from '../../http/session-cookies.ts';
import type { SecretBox } from '../../shared/secret-box.ts';
import { importHistory } from '../imports/import-history.service.ts';
import {
  accountFamily,
  exchangeConnection,
  exchangeSource,
  fetchCoinbaseUserId,
} from '../wallets/sources/sources.service.ts';
import { type OauthConnectionRow, OauthRepo, type SealedTokens } from './oauth.repo.ts';
import { OauthClient, OauthError, type OauthTokens } from './oauth-client.ts';
import { type OauthProviderConfig, redirectUri } from './oauth-config.ts';

/** How long a consent may take between "Connect with Coinbase" and the answer. */
const CONSENT_MINUTES = 10;
/** An access token this close to its expiry is refreshed before it is used. */
const REFRESH_BEFORE_MS = 5 * 60_000;
/** How long a refresh holds its claim; one left by a killed process lapses after this. */
const REFRESH_LEASE_MS = 30_000;
/** How often a sync waiting for another's refresh looks for the new token. */
const REFRESH_POLL_MS = 100;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * "Connect with Coinbase" (issue 33): the consent started with a state bound to the session and a
 * PKCE verifier, the answer checked and the code exchanged once, the account created (or the one
 * already connected with that login found) and imported like an API-key connection; tokens sealed
 * at rest, refreshed before expiry, revoked on request.
 */
export class OauthService {
  constructor(
    private readonly ctx: AppContext,
    readonly repo: OauthRepo,
    private readonly box: SecretBox,
    private readonly now: () => number = Date.now,
  ) {}

  providers(): OauthProviderConfig[] {
    return Object.values(this.ctx.config.oauth).filter((p): p is OauthProviderConfig => p !== undefined);
  }

  private config(provider: string): OauthProviderConfig {
    const config = this.ctx.config.oauth[provider as OauthProvider];
    if (!config) {
      throw new AppError('not_found', `Connecting ${provider} by signing in is not set up on this server`);
    }
    return config;
  }

  private client(config: OauthProviderConfig): OauthClient {
    return new OauthClient(config, redirectUri(this.ctx.config.publicUrl, config.id), this.now);
  }

  /** The consent page to send the browser to. */
  async start(auth: Auth, provider: OauthProvider, customName: string | undefined): Promise<string> {
    const config = this.config(provider);
    const state = OauthClient.newState();
    const verifier = OauthClient.newVerifier();
    await this.repo.addAuthorization({
      userId: auth.user.id,
      sessionId: auth.session.id,
      provider,
      stateHash: sha256(state),
      verifierSealed: this.box.seal(verifier),
      customName: customName || null,
      expiresAt: new Date(this.now() + CONSENT_MINUTES * 60_000).toISOString(),
    });
    return this.client(config).authorizationUrl(state, verifier);
  }

  /** The consent page's answer: checked, the code exchanged, the account connected and queued. */
  async finish(
    auth: Auth,
    provider: OauthProvider,
    answer: {
      state: string;
      code?: string | undefined;
      error?: string | undefined;
      error_description?: string | undefined;
    },
  ): Promise<{ historyId: number; jobId: number; message: string }> {
    const config = this.config(provider);
    const name = config.name;
    const again = `Start again with “Connect with ${name}”.`;
    const found = answer.state ? await this.repo.authorizationByState(sha256(answer.state)) : undefined;
    // Only the session that started the consent may finish it (the state is its CSRF token).
    if (
      !found ||
      found.user_id !== auth.user.id ||
      found.session_id !== auth.session.id ||
      found.provider !== provider
    ) {
      throw new AppError(
        'invalid_token',
        `This ${name} sign-in was not started from this Lotwise session, so nothing was connected. ${again}`,
        { field: 'state' },
      );
    }
    if (!(await this.repo.useAuthorization(found.id))) {
      throw new AppError(
        'conflict',
        `This ${name} sign-in was already used: nothing more was connected. ${again}`,
      );
    }
    if (Date.parse(found.expires_at) < this.now()) {
      throw new AppError(
        'invalid_token',
        `This ${name} sign-in took longer than ${CONSENT_MINUTES} minutes and has expired. ${again}`,
      );
    }
    if (answer.error) {
      throw new AppError(
        'validation_failed',
        answer.error === 'access_denied'
          ? `You declined access on ${name}: nothing was connected.`
          : `${name} refused the connection (${answer.error_description || answer.error}): nothing was connected.`,
        { field: 'error' },
      );
    }
    if (!answer.code) {
      throw new AppError(
        'validation_failed',
        `${name} sent no authorization code: nothing was connected. ${again}`,
        {
          field: 'code',
        },
      );
    }
    const tokens = await this.tokensOrError(() =>
      this.client(config).exchangeCode(answer.code ?? '', answer.state, this.box.open(found.verifier_sealed)),
    );
    return this.connect(auth.user.id, config, tokens, found.custom_name);
  }

  private async connect(
    userId: number,
    config: OauthProviderConfig,
    tokens: OauthTokens,
    customName: string | null,
  ) {
    const source = exchangeSource(config.id);
    if (!source) throw new Error(`${config.id} has no exchange source`);
    const sealed = this.sealed(tokens);
    const providerUserId = await this.providerUserId(config, tokens.accessToken);
    const known = providerUserId
      ? await this.repo.byProviderUser(userId, config.id, providerUserId)
      : undefined;
    if (known) {
      await this.repo.setTokens(known.id, sealed);
      const job = await this.ctx.jobs.enqueue('import.oauth', userId, { historyId: known.import_history_id });
      return {
        historyId: known.import_history_id,
        jobId: job.id,
        message: `${config.name} is already connected with this login: importing its history again`,
      };
    }
    const family = accountFamily(source);
    // The account and its connection together or neither: an account without its connection
    // (a process stopped between the two) would sit empty, and the same login connected again
    // would make a second one.
    const history = await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const created = await importHistory(trx).createHistory({
        userId,
        name: family.name,
        slug: family.slug,
        type: 'api',
        customName,
        usBased: family.usBased,
        walletAddress: null,
      });
      await new OauthRepo(trx).addConnection({
        userId,
        historyId: created.id,
        provider: config.id,
        providerUserId,
        tokens: sealed,
      });
      return created;
    });
    const job = await this.ctx.jobs.enqueue('import.oauth', userId, { historyId: history.id });
    return {
      historyId: history.id,
      jobId: job.id,
      message: `${config.name} connected: importing its history`,
    };
  }

  /** The provider's id of the signed-in login; without it a login connected twice makes two accounts. */
  private async providerUserId(config: OauthProviderConfig, accessToken: string): Promise<string | null> {
    try {
      return await fetchCoinbaseUserId({
        apiKey: '',
        secret: '',
        accessToken,
        ...exchangeConnection(this.ctx.config, config.id),
        retries: 2,
      });
    } catch {
      return null;
    }
  }

  /** Disconnect: the provider revokes the token, Lotwise forgets both tokens; the rows stay. */
  async revoke(userId: number, historyId: number): Promise<string> {
    const conn = await this.repo.find(userId, historyId);
    if (!conn) throw notFound('Connected account');
    const config = this.config(conn.provider);
    if (conn.status !== 'active' || !conn.access_token_sealed) {
      return `${config.name} was already disconnected from this account`;
    }
    try {
      await this.client(config).revoke(this.box.open(conn.access_token_sealed));
    } catch (error) {
      if (error instanceof OauthError && error.kind === 'down') {
        throw new AppError('internal', `${error.message} Nothing was disconnected.`);
      }
      // Any other answer: the token is no good there either; forgetting it here is what matters.
    }
    await this.repo.endConnection(conn.id, 'revoked');
    return `${config.name} disconnected: Lotwise can no longer read this account; its imported transactions stay`;
  }

  /**
   * A usable access token: the stored one, or (within minutes of its expiry, or when the provider
   * `refused` the one the caller used) a refreshed one, the new single-use refresh token kept at
   * once. One refresh at a time per connection: the caller that claims it refreshes, the others
   * wait and take the token it stored (two refreshes with one single-use token would end the
   * connection). A connection the provider no longer accepts is ended and the user told to
   * connect again.
   */
  async accessToken(conn: OauthConnectionRow, options: { refused?: string } = {}): Promise<string> {
    const config = this.config(conn.provider);
    const reconnect = `${config.name} access for this account has expired or was revoked: use “Connect with ${config.name}” again to resync it.`;
    const deadline = Date.now() + REFRESH_LEASE_MS + 5_000;
    for (;;) {
      // Always the stored row: another sync may have refreshed since the caller read it.
      const row = await this.repo.byId(conn.id);
      if (row?.status !== 'active' || !row.access_token_sealed) throw new Error(reconnect);
      const access = this.box.open(row.access_token_sealed);
      const expiring = row.expires_at !== null && Date.parse(row.expires_at) - this.now() < REFRESH_BEFORE_MS;
      if (!expiring && access !== options.refused) return access;
      if (!row.refresh_token_sealed) {
        await this.repo.endConnection(row.id, 'expired');
        throw new Error(reconnect);
      }
      const now = Date.now();
      const claimed = await this.repo.claimRefresh(
        row.id,
        row.refresh_token_sealed,
        new Date(now + REFRESH_LEASE_MS).toISOString(),
        new Date(now).toISOString(),
      );
      if (claimed) return this.refreshClaimed(config, row.id, row.refresh_token_sealed, reconnect);
      if (Date.now() > deadline) {
        throw new Error(`${config.name} is still renewing this account's access: resync it in a minute.`);
      }
      await sleep(REFRESH_POLL_MS);
    }
  }

  /** The refresh this caller claimed: the new tokens stored (or the connection ended), the claim let go. */
  private async refreshClaimed(
    config: OauthProviderConfig,
    id: number,
    refreshSealed: string,
    reconnect: string,
  ): Promise<string> {
    let tokens: OauthTokens;
    try {
      tokens = await this.client(config).refresh(this.box.open(refreshSealed));
    } catch (error) {
      if (error instanceof OauthError && error.kind === 'invalid_grant') {
        // Only if that refresh token is still the stored one (not replaced by a new sign-in).
        await this.repo.endConnection(id, 'expired', refreshSealed);
        await this.repo.finishRefresh(id, refreshSealed, null);
        throw new Error(reconnect);
      }
      await this.repo.finishRefresh(id, refreshSealed, null);
      throw error;
    }
    // Coinbase's refresh tokens are single-use: the new one replaces it before anything else.
    await this.repo.finishRefresh(id, refreshSealed, {
      ...this.sealed(tokens),
      refreshSealed: tokens.refreshToken ? this.box.seal(tokens.refreshToken) : refreshSealed,
    });
    return tokens.accessToken;
  }

  /** Ends a connection whose fresh token the provider still refuses. */
  async refused(conn: OauthConnectionRow): Promise<Error> {
    const config = this.config(conn.provider);
    await this.repo.endConnection(conn.id, 'expired');
    return new Error(
      `${config.name} refused this account's access: use “Connect with ${config.name}” again to resync it.`,
    );
  }

  private sealed(tokens: OauthTokens): SealedTokens {
    return {
      accessSealed: this.box.seal(tokens.accessToken),
      refreshSealed: tokens.refreshToken ? this.box.seal(tokens.refreshToken) : null,
      expiresAt: tokens.expiresAt,
      scope: tokens.scope,
    };
  }

  private async tokensOrError(run: () => Promise<OauthTokens>): Promise<OauthTokens> {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof OauthError)) throw error;
      if (error.kind === 'invalid_grant')
        throw new AppError('invalid_token', error.message, { field: 'code' });
      throw new AppError('internal', error.message);
    }
  }
}
