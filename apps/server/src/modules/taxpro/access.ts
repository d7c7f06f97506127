import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';
import { parseRoles } from '../users/users.service.ts';

/** The accepted link that lets `cpaId` work in `customerId`'s account, if any. */
export async function acceptedLink(db: Kysely<Database>, cpaId: number, customerId: number) {
  return db
    .selectFrom('accountant_links')
    .select(['id', 'accepted_at'])
    .where('cpa_user_id', '=', cpaId)
    .where('customer_user_id', '=', customerId)
    .where('status', '=', 'accepted')
    .executeTakeFirst();
}

/**
 * Who may work inside a client's account (spec 01 §4/§6): an admin, or an accountant (cpa)
 * whose invitation the client accepted (or who accepted the client's) and that nobody revoked.
 */
export async function mayImpersonate(
  db: Kysely<Database>,
  actor: UserRow,
  customerId: number,
): Promise<boolean> {
  if (actor.disabled_at || actor.id === customerId) return false;
  const roles = parseRoles(actor.roles);
  if (roles.includes('admin')) return true;
  if (!roles.includes('cpa')) return false;
  return (await acceptedLink(db, actor.id, customerId)) !== undefined;
}
