import { formFingerprint, type SaleBoxes } from '../../modules/broker-forms/form-fingerprint.ts';
import type { MigrationDb } from './helpers.ts';

/**
 * A Form 1099-DA's fingerprint is what identifies each sale on it (issue 31: the same paper form
 * in another layout is already imported), no longer every box as the layout wrote it. Forms
 * stored before get the new fingerprint from their stored lines, so uploading one of them again,
 * in any layout, still adds nothing. Where a user already has the same form twice (two layouts
 * uploaded before this change), the later one keeps its old fingerprint: both stay as they were.
 */
export async function up(db: MigrationDb): Promise<void> {
  const forms = await db
    .selectFrom('broker_forms')
    .select(['id', 'user_id', 'import_history_id', 'tax_year', 'fingerprint'])
    .orderBy('id')
    .execute();
  for (const form of forms) {
    const lines = await db
      .selectFrom('broker_form_lines')
      .select([
        'asset',
        'units',
        'date_acquired',
        'date_sold',
        'proceeds',
        'cost_basis',
        'federal_tax_withheld',
      ])
      .where('form_id', '=', form.id)
      .execute();
    const asText = (v: unknown) => (v === null || v === undefined ? null : String(v));
    const boxes: SaleBoxes[] = lines.map((l) => ({
      asset: String(l.asset),
      units: asText(l.units),
      date_acquired: asText(l.date_acquired),
      date_sold: String(l.date_sold),
      proceeds: String(l.proceeds),
      cost_basis: asText(l.cost_basis),
      federal_tax_withheld: asText(l.federal_tax_withheld),
    }));
    const fingerprint = formFingerprint(Number(form.import_history_id), Number(form.tax_year), boxes);
    if (fingerprint === form.fingerprint) continue;
    const taken = await db
      .selectFrom('broker_forms')
      .select('id')
      .where('user_id', '=', form.user_id)
      .where('fingerprint', '=', fingerprint)
      .executeTakeFirst();
    if (taken) continue;
    await db.updateTable('broker_forms').set({ fingerprint }).where('id', '=', form.id).execute();
  }
}

/** The old fingerprints are not kept; the new ones identify the same forms. */
export async function down(): Promise<void> {}
