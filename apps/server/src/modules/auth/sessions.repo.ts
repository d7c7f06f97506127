import type { Kysely } from 'kysely';
import type { Database, SessionsTable } from '../../db/schema.ts';
import { nowIso } from '../../db/timestamps.ts';
import type { AccessChange } from '../../realtime/hub.ts';
import { hashToken, newToken } from '../../shared/tokens.ts';

export class SessionsRepo {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ttlMs: number,
    /** True while another thread holds the write lock: the touch can wait for a later request. */
    private readonly writesBlocked: () => boolean = () => false,
    /** Told when sessions end, so every process closes their websockets (the realtime hub). */
    private readonly ended: (change: AccessChange) => void = () => {},
  ) {}

  /** Creates a session and answers the cookie token (only its hash is stored). */
  async create(
    userId: number,
    userAgent: string | null,
    impersonatorUserId: number | null = null,
  ): Promise<string> {
    const token = newToken();
    const now = new Date();
    await this.db
      .insertInto('sessions')
      .values({
        id: hashToken(token),
        user_id: userId,
        impersonator_user_id: impersonatorUserId,
        created_at: now.toISOString(),
        last_seen_at: now.toISOString(),
        expires_at: new Date(now.getTime() + this.ttlMs).toISOString(),
        user_agent: userAgent?.slice(0, 300) ?? null,
      })
      .execute();
    return token;
  }

  async findValid(token: string): Promise<SessionsTable | undefined> {
    const session = await this.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', hashToken(token))
      .where('expires_at', '>', nowIso())
      .executeTakeFirst();
    return session;
  }

  /** Sliding expiry, written at most once a minute per session. */
  async touch(session: SessionsTable): Promise<void> {
    const now = Date.now();
    if (now - Date.parse(session.last_seen_at) < 60_000 || this.writesBlocked()) return;
    await this.db
      .updateTable('sessions')
      .set({
        last_seen_at: new Date(now).toISOString(),
        expires_at: new Date(now + this.ttlMs).toISOString(),
      })
      .where('id', '=', session.id)
      .execute();
  }

  async delete(token: string): Promise<void> {
    const id = hashToken(token);
    await this.db.deleteFrom('sessions').where('id', '=', id).execute();
    this.ended({ sessionIds: [id] });
  }

  async deleteAllForUser(userId: number, exceptToken?: string): Promise<void> {
    let query = this.db.deleteFrom('sessions').where('user_id', '=', userId);
    if (exceptToken) query = query.where('id', '!=', hashToken(exceptToken));
    await query.execute();
    this.ended({ userIds: [userId] });
  }

  async deleteExpired(): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<=', nowIso()).execute();
  }
}
