import type { BrokerForm, BrokerFormLine } from '@lotwise/contracts/tax/broker-forms';
import type { Form1099DaBoxes } from '@lotwise/contracts/tax/form-1099da';
import { Dec } from '@lotwise/reports/money';
import type { BrokerLine } from '@lotwise/reports/tie-out/types';
import type { Kysely, Selectable } from 'kysely';
import type { BrokerFormLinesTable, Database } from '../../db/schema.ts';
import { formFingerprint, text } from './form-fingerprint.ts';

/** Rows per INSERT: well under SQLite's 32,766 parameters at 25 columns. */
const INSERT_CHUNK = 500;

export interface NewBrokerForm {
  userId: number;
  accountId: number;
  year: number;
  source: 'csv' | 'typed';
  fileName: string | null;
  layout: string;
  lines: Array<Form1099DaBoxes & { line: number | null }>;
}

export type BrokerFormLineRow = Selectable<BrokerFormLinesTable>;

/** A form of a year as the tie-out needs it: its account, and its fingerprint (its content). */
export interface YearForm {
  id: number;
  account_id: number;
  account_name: string;
  fingerprint: string;
}

/**
 * A stored line as the tie-out takes it: its boxes, where it came from, the form's account;
 * `same` gives one string for equal ones (tie-out-reads.ts sameStrings).
 */
export const brokerLineOf = (r: BrokerFormLineRow, account: string, same?: (text: string) => string) =>
  Object.assign(boxesOf(r, same ?? ((t) => t)), { formId: r.form_id, account }) satisfies BrokerLine;

/** A stored line back as the contract's boxes (booleans and decimals read alike on both databases). */
export const lineOf = (r: BrokerFormLineRow): BrokerFormLine => boxesOf(r, (t) => t);

/** `same`'s string for a text (none for null). */
function one<T extends string | null>(same: (text: string) => string, v: T): T {
  return v === null ? v : (same(v) as T);
}

function boxesOf(r: BrokerFormLineRow, same: (text: string) => string): BrokerFormLine {
  return {
    id: Number(r.id),
    line: r.line,
    form_8949_box: one(same, r.form_8949_box) as BrokerFormLine['form_8949_box'],
    asset: one(same, r.asset),
    asset_code: one(same, r.asset_code),
    asset_name: one(same, r.asset_name),
    units: text(r.units),
    date_acquired: one(same, r.date_acquired),
    date_sold: one(same, r.date_sold),
    proceeds: text(r.proceeds) ?? '0',
    cost_basis: text(r.cost_basis),
    accrued_market_discount: text(r.accrued_market_discount),
    wash_sale_loss_disallowed: text(r.wash_sale_loss_disallowed),
    basis_reported: Boolean(r.basis_reported),
    proceeds_type: one(same, r.proceeds_type) as BrokerFormLine['proceeds_type'],
    federal_tax_withheld: text(r.federal_tax_withheld),
    loss_not_allowed: Boolean(r.loss_not_allowed),
    term: one(same, r.term) as BrokerFormLine['term'],
    cash_only: Boolean(r.cash_only),
    customer_provided: Boolean(r.customer_provided),
    noncovered: Boolean(r.noncovered),
    aggregate: one(same, r.aggregate) as BrokerFormLine['aggregate'],
    aggregate_transactions: r.aggregate_transactions === null ? null : Number(r.aggregate_transactions),
  };
}

export class BrokerFormsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user's account (import history) and its display name, or undefined when not theirs. */
  async account(userId: number, accountId: number) {
    const row = await this.db
      .selectFrom('import_histories')
      .select(['id', 'account_name', 'custom_name'])
      .where('user_id', '=', userId)
      .where('id', '=', accountId)
      .executeTakeFirst();
    return row ? { id: row.id, name: row.custom_name ?? row.account_name } : undefined;
  }

  /** Stores the form, or finds the same one already stored: `created` says which. */
  async save(form: NewBrokerForm): Promise<{ id: number; created: boolean }> {
    const fingerprint = formFingerprint(form.accountId, form.year, form.lines);
    const existing = await this.byFingerprint(form.userId, fingerprint);
    if (existing !== undefined) return { id: existing, created: false };
    try {
      const id = await this.db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('broker_forms')
          .values({
            user_id: form.userId,
            import_history_id: form.accountId,
            tax_year: form.year,
            source: form.source,
            file_name: form.fileName,
            layout: form.layout,
            fingerprint,
            line_count: form.lines.length,
            created_at: new Date().toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (let i = 0; i < form.lines.length; i += INSERT_CHUNK) {
          await trx
            .insertInto('broker_form_lines')
            .values(
              form.lines.slice(i, i + INSERT_CHUNK).map((l) => ({
                form_id: inserted.id,
                user_id: form.userId,
                line: l.line,
                form_8949_box: l.form_8949_box,
                asset: l.asset,
                asset_code: l.asset_code,
                asset_name: l.asset_name,
                units: l.units,
                date_acquired: l.date_acquired,
                date_sold: l.date_sold,
                proceeds: l.proceeds,
                cost_basis: l.cost_basis,
                accrued_market_discount: l.accrued_market_discount,
                wash_sale_loss_disallowed: l.wash_sale_loss_disallowed,
                basis_reported: l.basis_reported,
                proceeds_type: l.proceeds_type,
                federal_tax_withheld: l.federal_tax_withheld,
                loss_not_allowed: l.loss_not_allowed,
                term: l.term,
                cash_only: l.cash_only,
                customer_provided: l.customer_provided,
                noncovered: l.noncovered,
                aggregate: l.aggregate,
                aggregate_transactions: l.aggregate_transactions,
              })),
            )
            .execute();
        }
        return inserted.id;
      });
      return { id, created: true };
    } catch (error) {
      // Two uploads of the same form at once: the unique fingerprint lets one in.
      const raced = await this.byFingerprint(form.userId, fingerprint);
      if (raced !== undefined) return { id: raced, created: false };
      throw error;
    }
  }

  private async byFingerprint(userId: number, fingerprint: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('broker_forms')
      .select('id')
      .where('user_id', '=', userId)
      .where('fingerprint', '=', fingerprint)
      .executeTakeFirst();
    return row?.id;
  }

  /** The user's forms (of one year, or all), oldest first, with their totals. */
  async forms(userId: number, year?: number, id?: number): Promise<BrokerForm[]> {
    let query = this.db
      .selectFrom('broker_forms as f')
      .innerJoin('import_histories as h', 'h.id', 'f.import_history_id')
      .select([
        'f.id',
        'f.import_history_id',
        'h.account_name',
        'h.custom_name',
        'f.tax_year',
        'f.source',
        'f.file_name',
        'f.layout',
        'f.line_count',
        'f.created_at',
      ])
      .where('f.user_id', '=', userId);
    if (year !== undefined) query = query.where('f.tax_year', '=', year);
    if (id !== undefined) query = query.where('f.id', '=', id);
    const forms = await query.orderBy('f.id').execute();
    if (forms.length === 0) return [];
    // The reports' 40-digit decimal: decimal.js's default of 20 significant digits rounded a
    // box 4 of 99,999,999,999,999,999,999,999.99 to 100,000,000,000,000,000,000,000.00.
    const sums = new Map<number, { proceeds: Dec; withheld: Dec }>();
    const amounts = await this.db
      .selectFrom('broker_form_lines')
      .select(['form_id', 'proceeds', 'federal_tax_withheld'])
      .where('user_id', '=', userId)
      .where(
        'form_id',
        'in',
        forms.map((f) => f.id),
      )
      .execute();
    for (const a of amounts) {
      const sum = sums.get(a.form_id) ?? { proceeds: new Dec(0), withheld: new Dec(0) };
      sum.proceeds = sum.proceeds.plus(String(a.proceeds));
      if (a.federal_tax_withheld !== null) sum.withheld = sum.withheld.plus(String(a.federal_tax_withheld));
      sums.set(a.form_id, sum);
    }
    return forms.map((f) => ({
      id: f.id,
      account_id: f.import_history_id,
      account_name: f.custom_name ?? f.account_name,
      tax_year: f.tax_year,
      source: f.source,
      file_name: f.file_name,
      layout: f.layout,
      lines: f.line_count,
      proceeds: (sums.get(f.id)?.proceeds ?? new Dec(0)).toFixed(2),
      federal_tax_withheld: (sums.get(f.id)?.withheld ?? new Dec(0)).toFixed(2),
      created_at: f.created_at,
    }));
  }

  /** The user's forms of a year, oldest first, without their lines' totals. */
  async yearForms(userId: number, year: number): Promise<YearForm[]> {
    const rows = await this.db
      .selectFrom('broker_forms as f')
      .innerJoin('import_histories as h', 'h.id', 'f.import_history_id')
      .select(['f.id', 'f.import_history_id', 'h.account_name', 'h.custom_name', 'f.fingerprint'])
      .where('f.user_id', '=', userId)
      .where('f.tax_year', '=', year)
      .orderBy('f.id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      account_id: r.import_history_id,
      account_name: r.custom_name ?? r.account_name,
      fingerprint: r.fingerprint,
    }));
  }

  /** The lines of the user's forms, in form and line order. */
  async lines(userId: number, formIds: readonly number[]): Promise<BrokerFormLineRow[]> {
    if (formIds.length === 0) return [];
    return this.db
      .selectFrom('broker_form_lines')
      .selectAll()
      .where('user_id', '=', userId)
      .where('form_id', 'in', [...formIds])
      .orderBy('form_id')
      .orderBy('id')
      .execute();
  }

  async delete(userId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('broker_forms')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
