import type { OnboardingStep, Role, User } from '@lotwise/contracts/users/user';
import type { Kysely } from 'kysely';
import type { Database, NewUser, UserRow, UserUpdate } from '../../db/schema.ts';
import { nowIso } from '../../db/timestamps.ts';

// Also exported here for branches written before it moved to db/timestamps.ts.
export { nowIso };

export function parseRoles(roles: string): Role[] {
  return roles
    .split(',')
    .map((r) => r.trim())
    .filter((r): r is Role => r === 'customer' || r === 'cpa' || r === 'admin');
}

/** A stored onboarding step as 1–5 (PostgreSQL may send a number as text). */
function onboardingStep(value: unknown): OnboardingStep {
  const n = Number(value);
  return (Number.isInteger(n) && n >= 1 && n <= 5 ? n : 1) as OnboardingStep;
}

/** Row → API shape. Booleans come back as 0/1 from SQLite, hence Boolean(). */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    uuid: row.uuid,
    email: row.email,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    roles: parseRoles(row.roles),
    onboarded: Boolean(row.onboarded),
    onboarding_step: onboardingStep(row.onboarding_step),
    transaction_uploaded: Boolean(row.transaction_uploaded),
    combined_page: Boolean(row.combined_page),
    resync_reminder: Boolean(row.resync_reminder),
    country_code: row.country_code,
    currency: row.currency,
    timezone: row.timezone,
    mfa_enabled: Boolean(row.mfa_enabled),
    safe_harbor_dismissed: Boolean(row.safe_harbor_dismissed),
    email_notifications: Boolean(row.email_notifications),
    switch_notifications: Boolean(row.switch_notifications),
    bulk_edit_preference:
      row.bulk_edit_preference === 'single_page' || row.bulk_edit_preference === 'all_pages'
        ? row.bulk_edit_preference
        : null,
    created_at: row.created_at,
  };
}

export class UsersRepo {
  constructor(private readonly db: Kysely<Database>) {}

  findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
  }

  async insert(user: NewUser): Promise<UserRow> {
    const { id } = await this.db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
    return (await this.findById(id))!;
  }

  async update(id: number, changes: Omit<UserUpdate, 'id'>): Promise<UserRow> {
    await this.db
      .updateTable('users')
      .set({ ...changes, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    return (await this.findById(id))!;
  }
}
