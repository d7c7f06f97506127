import { sql } from 'kysely';
import type { MigrationDb } from './helpers.ts';

/**
 * A typed Form 1099-DA's lines have a line number (issue 31): their place in the order typed,
 * 1-based, as a CSV's lines have their row in the file (the tie-out and its CSV's form_line
 * show it). Lines typed before were stored without one: each gets its place among its form's
 * lines, in the order stored (id order, the order typed).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db
    .updateTable('broker_form_lines')
    .set({
      line: sql<number>`(select count(*) from broker_form_lines as earlier
        where earlier.form_id = broker_form_lines.form_id and earlier.id <= broker_form_lines.id)`,
    })
    .where('line', 'is', null)
    .where('form_id', 'in', db.selectFrom('broker_forms').select('id').where('source', '=', 'typed'))
    .execute();
}

/** The numbers stay: a typed line with one reads as it did without. */
export async function down(): Promise<void> {}
