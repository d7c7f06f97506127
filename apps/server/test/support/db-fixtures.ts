import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';

/** A user straight in the table (no sign-up), for repository tests. */
export async function insertUser(db: Kysely<Database>, email = 'b@example.com'): Promise<number> {
  const now = new Date().toISOString();
  const user = await db
    .insertInto('users')
    .values({
      uuid: `u-${email}`,
      email,
      password_hash: 'x',
      username: null,
      first_name: null,
      last_name: null,
      roles: 'customer',
      onboarded: true,
      country_code: 'US',
      currency: 'USD',
      timezone: 'UTC',
      mfa_secret: null,
      mfa_pending_secret: null,
      bulk_edit_preference: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return user.id;
}

/** A tax calculation row of the user's, in the given state. */
export async function insertCalculation(
  db: Kysely<Database>,
  userId: number,
  status: 'running' | 'complete' = 'running',
): Promise<number> {
  const calc = await db
    .insertInto('tax_calculations')
    .values({
      user_id: userId,
      trace_id: `t-${Math.random().toString(36).slice(2)}`,
      job_id: null,
      status,
      settings: '{}',
      input_version: 'v',
      allocation: null,
      error: null,
      created_at: new Date().toISOString(),
      finished_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return calc.id;
}
