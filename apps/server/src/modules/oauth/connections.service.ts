import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { OauthRepo } from './oauth.repo.ts';

/**
 * The OAuth module's surface for the other modules: revoking a connection's tokens before its
 * import is deleted, and finding the connection of an import (to resync it).
 */
export function oauthConnectionOf(db: Kysely<Database>, userId: number, historyId: number) {
  return new OauthRepo(db).find(userId, historyId);
}

export { revokeBeforeDelete } from './revoke-on-delete.ts';
