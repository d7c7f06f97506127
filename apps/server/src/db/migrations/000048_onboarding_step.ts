import type { MigrationDb } from './helpers.ts';

/**
 * The furthest onboarding step (1–5) the user reached, kept on the server so that leaving at
 * step 5 and coming back on another browser or device resumes there (issue 35.14).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('onboarding_step', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('onboarding_step').execute();
}
