import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { nowIso } from '../db/timestamps.ts';
import { mayImpersonate } from '../modules/taxpro/access.ts';
import { parseRoles } from '../modules/users/users.repo.ts';
import type { AccessChange, RealtimeHub } from './hub.ts';

/** What a socket needs to close itself: the `ws` WebSocket's close. */
export interface Closable {
  close(code?: number, reason?: string): void;
}

interface Open {
  socket: Closable;
  /** The session's id (the SHA-256 of its cookie token, as stored). */
  sessionId: string;
  userId: number;
  impersonatorId: number | null;
  timer?: NodeJS.Timeout;
}

/** Close codes the web client reads: 4401 signed out (session ended), 4403 access withdrawn. */
export const CLOSE_SIGNED_OUT = 4401;
export const CLOSE_ACCESS_ENDED = 4403;

/** setTimeout's longest delay; a later expiry is checked again then. */
const MAX_DELAY_MS = 2_147_483_647;

/**
 * The open websockets of this process (issue 32.3). A socket lives only as long as what let it
 * open: its session (logout, a new sign-in, stopping impersonation, a password change or reset,
 * expiry), its account (disabled, no role left) and, while an accountant views a client, the
 * client's link. A control message from any process (the hub's `accessChanged`) re-checks the
 * sockets it names against the database and closes those no longer allowed, at once.
 */
export class SocketRegistry {
  private readonly open = new Set<Open>();
  private readonly unsubscribe: () => void;
  private readonly sweep: NodeJS.Timeout;

  constructor(
    private readonly db: Kysely<Database>,
    hub: RealtimeHub,
    private readonly log: FastifyBaseLogger,
    /** Every socket is checked this often too: a control message lost with Redis down is late, not lost. */
    sweepMs = 60_000,
  ) {
    this.unsubscribe = hub.onAccessChange((change) => void this.recheck(change));
    this.sweep = setInterval(() => {
      for (const o of this.open) void this.verify(o);
    }, sweepMs);
    this.sweep.unref();
  }

  /** Tracks a socket until it closes; its session's expiry closes it too. */
  add(entry: Omit<Open, 'timer'>, expiresAt: string): () => void {
    const open: Open = { ...entry };
    this.open.add(open);
    this.armExpiry(open, expiresAt);
    return () => {
      clearTimeout(open.timer);
      this.open.delete(open);
    };
  }

  async recheck(change: AccessChange): Promise<void> {
    const sessions = new Set(change.sessionIds ?? []);
    const users = new Set(change.userIds ?? []);
    const hit = [...this.open].filter(
      (o) =>
        sessions.has(o.sessionId) ||
        users.has(o.userId) ||
        (o.impersonatorId !== null && users.has(o.impersonatorId)),
    );
    await Promise.all(hit.map((o) => this.verify(o)));
  }

  close(): void {
    clearInterval(this.sweep);
    this.unsubscribe();
    for (const o of this.open) clearTimeout(o.timer);
    this.open.clear();
  }

  private armExpiry(open: Open, expiresAt: string): void {
    clearTimeout(open.timer);
    const delay = Math.max(0, Date.parse(expiresAt) - Date.now()) + 50;
    open.timer = setTimeout(() => void this.verify(open), Math.min(delay, MAX_DELAY_MS));
    open.timer.unref();
  }

  /** Closes the socket unless its session, account and (when viewing a client) link still hold. */
  private async verify(open: Open): Promise<void> {
    if (!this.open.has(open)) return;
    try {
      const verdict = await this.judge(open);
      if (verdict === 'ok' || !this.open.has(open)) return;
      clearTimeout(open.timer);
      this.open.delete(open);
      open.socket.close(
        verdict === 'signed_out' ? CLOSE_SIGNED_OUT : CLOSE_ACCESS_ENDED,
        verdict === 'signed_out' ? 'Your session has ended.' : 'Your access to this account has ended.',
      );
    } catch (err) {
      this.log.error({ err }, 'websocket access check failed');
    }
  }

  private async judge(open: Open): Promise<'ok' | 'signed_out' | 'access_ended'> {
    const session = await this.db
      .selectFrom('sessions')
      .select(['expires_at'])
      .where('id', '=', open.sessionId)
      .where('expires_at', '>', nowIso())
      .executeTakeFirst();
    if (!session) return 'signed_out';
    const user = await this.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', open.userId)
      .executeTakeFirst();
    if (!user || user.disabled_at) return 'signed_out';
    if (open.impersonatorId !== null) {
      const actor = await this.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', open.impersonatorId)
        .executeTakeFirst();
      if (!actor || !(await mayImpersonate(this.db, actor, user.id))) return 'access_ended';
    } else if (parseRoles(user.roles).length === 0) return 'access_ended';
    // Still allowed: a sliding expiry may have moved; check again then.
    this.armExpiry(open, session.expires_at);
    return 'ok';
  }
}
