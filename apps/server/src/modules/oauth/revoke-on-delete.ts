import type { AppContext } from '../../http/context.ts';
import { loadSecretKey, SecretBox } from '../../shared/secret-box.ts';
import { OauthRepo } from './oauth.repo.ts';
import { OauthService } from './oauth.service.ts';

/**
 * An account connected by OAuth is being deleted: its token is revoked at the exchange first, so
 * the access the user gave ends with the account (its tokens are deleted with it either way; an
 * exchange that does not answer does not keep the account from going).
 */
export async function revokeBeforeDelete(ctx: AppContext, userId: number, historyId: number): Promise<void> {
  const repo = new OauthRepo(ctx.db.kysely);
  const conn = await repo.find(userId, historyId);
  if (conn?.status !== 'active' || !ctx.config.oauth[conn.provider as keyof typeof ctx.config.oauth]) return;
  const box = new SecretBox(loadSecretKey({ envKey: ctx.config.secretKey, dataDir: ctx.config.dataDir }));
  try {
    await new OauthService(ctx, repo, box).revoke(userId, historyId);
  } catch {
    // Not reachable now: the tokens are forgotten with the account all the same.
  }
}
