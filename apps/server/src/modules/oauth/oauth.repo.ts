import type { Kysely, Selectable } from 'kysely';
import type {
  Database,
  OauthAuthorizationsTable,
  OauthConnectionsTable,
  OauthStatus,
} from '../../db/schema.ts';
import { nowIso } from '../../db/timestamps.ts';

export type OauthAuthorizationRow = Selectable<OauthAuthorizationsTable>;
export type OauthConnectionRow = Selectable<OauthConnectionsTable>;

export interface SealedTokens {
  accessSealed: string;
  refreshSealed: string | null;
  expiresAt: string | null;
  scope: string | null;
}

/** Consents under way and accounts connected by OAuth; every query is scoped to a user. */
export class OauthRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async addAuthorization(input: {
    userId: number;
    sessionId: string;
    provider: string;
    stateHash: string;
    verifierSealed: string;
    customName: string | null;
    expiresAt: string;
  }): Promise<void> {
    // A user's consents older than a day are of no use to anyone: dropped as new ones start.
    await this.db
      .deleteFrom('oauth_authorizations')
      .where('user_id', '=', input.userId)
      .where('expires_at', '<', new Date(Date.now() - 86_400_000).toISOString())
      .execute();
    await this.db
      .insertInto('oauth_authorizations')
      .values({
        user_id: input.userId,
        session_id: input.sessionId,
        provider: input.provider,
        state_hash: input.stateHash,
        verifier_sealed: input.verifierSealed,
        custom_name: input.customName,
        created_at: nowIso(),
        expires_at: input.expiresAt,
        used_at: null,
      })
      .execute();
  }

  /** The consent a state names, whoever started it (the caller checks it is theirs). */
  authorizationByState(stateHash: string): Promise<OauthAuthorizationRow | undefined> {
    return this.db
      .selectFrom('oauth_authorizations')
      .selectAll()
      .where('state_hash', '=', stateHash)
      .executeTakeFirst();
  }

  /** Marks the consent used; false when it already was (a code or state sent twice). */
  async useAuthorization(id: number): Promise<boolean> {
    const res = await this.db
      .updateTable('oauth_authorizations')
      .set({ used_at: nowIso() })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async addConnection(input: {
    userId: number;
    historyId: number;
    provider: string;
    providerUserId: string | null;
    tokens: SealedTokens;
  }): Promise<void> {
    const now = nowIso();
    await this.db
      .insertInto('oauth_connections')
      .values({
        user_id: input.userId,
        import_history_id: input.historyId,
        provider: input.provider,
        provider_user_id: input.providerUserId,
        access_token_sealed: input.tokens.accessSealed,
        refresh_token_sealed: input.tokens.refreshSealed,
        expires_at: input.tokens.expiresAt,
        scope: input.tokens.scope,
        status: 'active',
        sync_state: null,
        refreshing_until: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  find(userId: number, historyId: number): Promise<OauthConnectionRow | undefined> {
    return this.db
      .selectFrom('oauth_connections')
      .selectAll()
      .where('user_id', '=', userId)
      .where('import_history_id', '=', historyId)
      .executeTakeFirst();
  }

  byId(id: number): Promise<OauthConnectionRow | undefined> {
    return this.db.selectFrom('oauth_connections').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Claims the refresh of a connection (compare-and-swap): true only for the one caller that finds
   * the refresh token it read still stored and no other refresh under way (or one whose claim
   * lapsed: its process was killed).
   */
  async claimRefresh(id: number, refreshSealed: string, until: string, now: string): Promise<boolean> {
    const res = await this.db
      .updateTable('oauth_connections')
      .set({ refreshing_until: until })
      .where('id', '=', id)
      .where('status', '=', 'active')
      .where('refresh_token_sealed', '=', refreshSealed)
      .where((eb) => eb.or([eb('refreshing_until', 'is', null), eb('refreshing_until', '<', now)]))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /**
   * The refreshed tokens, stored only while the refresh token they replace is still the stored one
   * (a user who connected the same login again meanwhile keeps theirs); the claim ends either way.
   */
  async finishRefresh(id: number, oldRefreshSealed: string, tokens: SealedTokens | null): Promise<void> {
    if (tokens) {
      await this.db
        .updateTable('oauth_connections')
        .set({
          access_token_sealed: tokens.accessSealed,
          refresh_token_sealed: tokens.refreshSealed,
          expires_at: tokens.expiresAt,
          scope: tokens.scope,
          updated_at: nowIso(),
        })
        .where('id', '=', id)
        .where('refresh_token_sealed', '=', oldRefreshSealed)
        .execute();
    }
    await this.db
      .updateTable('oauth_connections')
      .set({ refreshing_until: null })
      .where('id', '=', id)
      .execute();
  }

  /** The user's account already connected with this provider login, if any. */
  byProviderUser(userId: number, provider: string, providerUserId: string) {
    return this.db
      .selectFrom('oauth_connections')
      .innerJoin('import_histories', 'import_histories.id', 'oauth_connections.import_history_id')
      .selectAll('oauth_connections')
      .where('oauth_connections.user_id', '=', userId)
      .where('import_histories.user_id', '=', userId)
      .where('oauth_connections.provider', '=', provider)
      .where('oauth_connections.provider_user_id', '=', providerUserId)
      .executeTakeFirst();
  }

  /** New tokens (a refresh, or the same login connected again): the connection is active again. */
  async setTokens(id: number, tokens: SealedTokens): Promise<void> {
    await this.db
      .updateTable('oauth_connections')
      .set({
        access_token_sealed: tokens.accessSealed,
        refresh_token_sealed: tokens.refreshSealed,
        expires_at: tokens.expiresAt,
        scope: tokens.scope,
        status: 'active',
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Revoked by the user, or refused by the provider: the tokens are forgotten. With `ifRefresh`,
   * only while that refresh token is still the stored one (the provider refused that one, not a
   * newer one another sync or a new sign-in stored meanwhile).
   */
  async endConnection(
    id: number,
    status: Exclude<OauthStatus, 'active'>,
    ifRefresh?: string | null,
  ): Promise<void> {
    let update = this.db
      .updateTable('oauth_connections')
      .set({
        access_token_sealed: null,
        refresh_token_sealed: null,
        expires_at: null,
        status,
        refreshing_until: null,
        updated_at: nowIso(),
      })
      .where('id', '=', id);
    if (ifRefresh) update = update.where('refresh_token_sealed', '=', ifRefresh);
    await update.execute();
  }

  async setCursor(id: number, cursor: string): Promise<void> {
    await this.db
      .updateTable('oauth_connections')
      .set({ sync_state: cursor, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
  }
}
