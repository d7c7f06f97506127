import { ACCEPT_FAILED_MESSAGE, type CustomerCpa } from '@lotwise/contracts/taxpro/taxpro';
import type { Role } from '@lotwise/contracts/users/user';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { AccountantLinksTable, Database, UserRow } from '../../db/schema.ts';
import { nowIso } from '../../db/timestamps.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { AttemptsRepo } from '../../shared/attempts.repo.ts';
import { limits } from '../../shared/limits.ts';
import { hashToken, newToken } from '../../shared/tokens.ts';
import { parseRoles } from '../users/users.service.ts';

/** An e-mailed invitation link stays usable this long. */
export const INVITATION_TTL_MS = 14 * 86_400_000;

type Link = AccountantLinksTable & { id: number };

export function displayName(user: Pick<UserRow, 'first_name' | 'last_name'> | undefined): string | null {
  if (!user) return null;
  return [user.first_name, user.last_name].filter(Boolean).join(' ') || null;
}

/**
 * Links waiting for `me` to answer: addressed to my account or to my e-mail before I had one —
 * and only once I proved that the address is mine by spending a link mailed to it (an
 * invitation's token, a password reset: `email_verified_at`). Until then an account that merely
 * typed the address at sign-up sees none of them; the e-mailed token is the way in (issue 32).
 * Callers check `proven(me)` first.
 */
function addressedTo(me: UserRow) {
  return (eb: ExpressionBuilder<Database, 'accountant_links'>) =>
    eb.and([
      eb('status', '=', 'pending'),
      eb.or([
        eb.and([
          eb('invited_by', '=', 'customer'),
          eb.or([eb('cpa_user_id', '=', me.id), eb('cpa_email', '=', me.email)]),
        ]),
        eb.and([
          eb('invited_by', '=', 'cpa'),
          eb.or([eb('customer_user_id', '=', me.id), eb('customer_email', '=', me.email)]),
        ]),
      ]),
    ]);
}

async function withRole(ctx: AppContext, user: UserRow, role: Role): Promise<void> {
  const roles = parseRoles(user.roles);
  if (!roles.includes(role)) await ctx.users.update(user.id, { roles: [...roles, role].join(',') });
}

async function send(ctx: AppContext, to: string, from: UserRow, token: string, asAccountant: boolean) {
  const who = displayName(from) ? `${displayName(from)} (${from.email})` : from.email;
  const link = `${ctx.config.publicUrl}/accept_invitation?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send({
    to,
    subject: asAccountant
      ? `${who} invited you to work on their crypto taxes`
      : `${who} invited you to Lotwise`,
    text: [
      asAccountant
        ? `${who} would like you to be their accountant in Lotwise: you will see their transactions and tax reports and can work in their account.`
        : `${who}, your accountant, invited you to work with them in Lotwise: they will see your transactions and tax reports and can work in your account.`,
      '',
      `Open this link within 14 days to accept (sign in or create an account with this e-mail first): ${link}`,
      '',
      // The real place (issue 35.10): the Tax Pro page ("Add Your Accountant" under More in the
      // combined layout), where the customer's accountants are listed with Revoke.
      asAccountant
        ? `${who} can end your access at any time on their Tax Pro page (${ctx.config.publicUrl}/work_with_tax_pro).`
        : `You can end your accountant's access at any time: open Tax Pro in the menu ("Add Your Accountant" under More), ${ctx.config.publicUrl}/work_with_tax_pro, and choose Revoke beside their name.`,
    ].join('\n'),
  });
}

/**
 * Counts one invitation e-mail against its sender's and its address's hourly limits (README,
 * Security), refusing with 429 over either: without them one account made Lotwise mail any
 * number of addresses of its choosing.
 */
async function takeInvitationMail(ctx: AppContext, senderId: number, to: string): Promise<void> {
  const attempts = new AttemptsRepo(ctx.db.kysely);
  const from = limits.invitationsFrom(senderId);
  if (!(await attempts.take(from))) throw new AppError('rate_limited', TOO_MANY_INVITATIONS);
  if (!(await attempts.take(limits.invitationsTo(to)))) {
    await attempts.giveBack(from.bucket);
    throw new AppError('rate_limited', TOO_MANY_INVITATIONS);
  }
}

const TOO_MANY_INVITATIONS = 'Too many invitations sent. Please try again in an hour.';

/**
 * A customer invites an accountant, or an accountant a client: one link per pair, a single-use
 * token e-mailed to the invitee. Refused when the pair already has a pending or accepted link.
 */
export async function invite(
  ctx: AppContext,
  me: UserRow,
  email: string,
  as: 'customer' | 'cpa',
): Promise<Link> {
  const db = ctx.db.kysely;
  if (email === me.email)
    throw new AppError('validation_failed', 'You cannot invite yourself.', { field: 'email' });
  const other = await ctx.users.findByEmail(email);
  const pair =
    as === 'customer'
      ? {
          customer_user_id: me.id,
          customer_email: me.email,
          cpa_user_id: other?.id ?? null,
          cpa_email: email,
        }
      : {
          customer_user_id: other?.id ?? null,
          customer_email: email,
          cpa_user_id: me.id,
          cpa_email: me.email,
        };
  const existing = await db
    .selectFrom('accountant_links')
    .select(['status'])
    .where('customer_email', '=', pair.customer_email)
    .where('cpa_email', '=', pair.cpa_email)
    .where('status', 'in', ['pending', 'accepted'])
    .executeTakeFirst();
  if (existing)
    throw new AppError(
      'conflict',
      existing.status === 'accepted'
        ? `${email} already works with you.`
        : `${email} already has an invitation waiting.`,
      { field: 'email' },
    );
  await takeInvitationMail(ctx, me.id, email);
  const token = newToken();
  const { id } = await db
    .insertInto('accountant_links')
    .values({
      ...pair,
      invited_by: as,
      status: 'pending',
      token_hash: hashToken(token),
      expires_at: new Date(Date.now() + INVITATION_TTL_MS).toISOString(),
      created_at: nowIso(),
      accepted_at: null,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await send(ctx, email, me, token, as === 'customer');
  return (await db
    .selectFrom('accountant_links')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow()) as Link;
}

/** Accepting makes the link work both ways: ids filled in, the invitee gets the role it needs. */
async function accept(ctx: AppContext, me: UserRow, link: Link): Promise<void> {
  const spent = await ctx.db.kysely
    .updateTable('accountant_links')
    .set({
      status: 'accepted',
      accepted_at: nowIso(),
      // The token stays on the accepted link (it is spent: only a pending link accepts), so that
      // opening the e-mail again says it was already accepted, not "expired" (issue 35).
      ...(link.invited_by === 'customer' ? { cpa_user_id: me.id } : { customer_user_id: me.id }),
    })
    .where('id', '=', link.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) === 0) throw new AppError('invalid_token', ACCEPT_FAILED_MESSAGE);
  await withRole(ctx, me, link.invited_by === 'customer' ? 'cpa' : 'customer');
}

/** What spending a token did: the inviter's role, and whether it had been accepted before. */
export interface TokenAccepted {
  fromRole: 'customer' | 'cpa';
  alreadyAccepted: boolean;
  /** The client's account when the accepter is the accountant. */
  clientId: number | null;
}

/**
 * /accept_invitation: the token is single use, expires, and only its addressee may spend it.
 * Its addressee opening it again after accepting is told so, with their client (issue 35).
 */
export async function acceptByToken(ctx: AppContext, me: UserRow, token: string): Promise<TokenAccepted> {
  const link = (await ctx.db.kysely
    .selectFrom('accountant_links')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst()) as Link | undefined;
  const addressee = link && (link.invited_by === 'customer' ? link.cpa_email : link.customer_email);
  const acceptedByMe =
    link?.status === 'accepted' &&
    (link.invited_by === 'customer' ? link.cpa_user_id : link.customer_user_id) === me.id;
  if (link && acceptedByMe)
    return {
      fromRole: link.invited_by,
      alreadyAccepted: true,
      clientId: link.invited_by === 'customer' ? link.customer_user_id : null,
    };
  if (link?.status !== 'pending' || link.expires_at <= nowIso())
    throw new AppError(
      'invalid_token',
      `${ACCEPT_FAILED_MESSAGE}: the link has expired or was already used.`,
    );
  if (addressee !== me.email)
    throw new AppError('forbidden', `${ACCEPT_FAILED_MESSAGE}: it was sent to another e-mail address.`);
  await accept(ctx, me, link);
  // The token came by e-mail to this address: its owner controls it.
  if (!me.email_verified_at) await markEmailVerified(ctx, me.id);
  return {
    fromRole: link.invited_by,
    alreadyAccepted: false,
    clientId: link.invited_by === 'customer' ? link.customer_user_id : null,
  };
}

const proven = (me: UserRow): boolean => Boolean(me.email_verified_at);

/** The user spent a link mailed to their address: invitations to it may show in the banner. */
export async function markEmailVerified(ctx: AppContext, userId: number): Promise<void> {
  await ctx.db.kysely
    .updateTable('users')
    .set({ email_verified_at: nowIso() })
    .where('id', '=', userId)
    .where('email_verified_at', 'is', null)
    .execute();
}

/** The banner's accept/decline of an invitation addressed to me (a proven address only: addressedTo). */
export async function answer(ctx: AppContext, me: UserRow, id: number, yes: boolean): Promise<void> {
  if (!proven(me)) throw notFound('Invitation');
  const link = (await ctx.db.kysely
    .selectFrom('accountant_links')
    .selectAll()
    .where('id', '=', id)
    .where(addressedTo(me))
    .executeTakeFirst()) as Link | undefined;
  if (!link) throw notFound('Invitation');
  if (yes) return accept(ctx, me, link);
  await ctx.db.kysely
    .updateTable('accountant_links')
    .set({ status: 'declined', token_hash: null })
    .where('id', '=', id)
    .execute();
}

export async function pendingFor(ctx: AppContext, me: UserRow) {
  if (!proven(me)) return [];
  const rows = await ctx.db.kysely
    .selectFrom('accountant_links as l')
    .leftJoin('users as u', (join) =>
      join.on((eb) =>
        eb.or([
          eb.and([eb('l.invited_by', '=', 'customer'), eb('u.id', '=', eb.ref('l.customer_user_id'))]),
          eb.and([eb('l.invited_by', '=', 'cpa'), eb('u.id', '=', eb.ref('l.cpa_user_id'))]),
        ]),
      ),
    )
    .select([
      'l.id',
      'l.invited_by',
      'l.customer_email',
      'l.cpa_email',
      'l.created_at',
      'u.first_name',
      'u.last_name',
    ])
    .where((eb) => addressedTo(me)(eb as unknown as ExpressionBuilder<Database, 'accountant_links'>))
    .where('l.expires_at', '>', nowIso())
    .orderBy('l.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    from_name: displayName({ first_name: r.first_name ?? null, last_name: r.last_name ?? null }),
    from_email: r.invited_by === 'customer' ? r.customer_email : r.cpa_email,
    from_role: r.invited_by,
    created_at: r.created_at,
  }));
}

/** The customer's accountants (spec 01 §7 customer_cpa): every link where they are the client. */
export async function accountantsOf(db: Kysely<Database>, me: UserRow, id?: number): Promise<CustomerCpa[]> {
  let query = db
    .selectFrom('accountant_links as l')
    .leftJoin('users as u', 'u.id', 'l.cpa_user_id')
    .select([
      'l.id',
      'l.cpa_email',
      'l.status',
      'l.invited_by',
      'l.created_at',
      'l.accepted_at',
      'u.first_name',
      'u.last_name',
    ])
    .where((eb) => eb.or([eb('l.customer_user_id', '=', me.id), eb('l.customer_email', '=', me.email)]))
    .where((eb) => eb.or([eb('l.invited_by', '=', 'customer'), eb('l.status', '!=', 'pending')]));
  if (id !== undefined) query = query.where('l.id', '=', id);
  const rows = await query.orderBy('l.id', 'desc').execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.cpa_email,
    name: displayName({ first_name: r.first_name ?? null, last_name: r.last_name ?? null }),
    invited: r.status,
    invited_by: r.invited_by,
    created_at: r.created_at,
    accepted_at: r.accepted_at,
  }));
}

/** The client ends an accountant's access (or withdraws an invitation): their next request in the account is refused. */
export async function revoke(ctx: AppContext, me: UserRow, id: number): Promise<void> {
  const result = await ctx.db.kysely
    .updateTable('accountant_links')
    .set({ status: 'revoked', revoked_at: nowIso(), token_hash: null })
    .where('id', '=', id)
    .where('customer_user_id', '=', me.id)
    .where('status', 'in', ['pending', 'accepted'])
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound('Accountant');
  // The accountant's impersonation session, if any, ends on its next request (impersonation-guard);
  // its websockets, on any process, close now.
  ctx.hub.accessChanged({ userIds: [me.id] });
}
