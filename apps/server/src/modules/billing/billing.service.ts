import { randomUUID } from 'node:crypto';
import type { BillingRow } from '@lotwise/contracts/billing/billing';
import { PAYMENT_REQUIRED_TEXT } from '@lotwise/contracts/billing/billing';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Catalogue } from './catalogue.ts';

export interface HeldPlan {
  plan_id: string;
  source: 'stripe' | 'admin';
}

/**
 * Who may do what under billing: a user's plan per tax year (paid or granted by an admin), the
 * free import limit, and the check report downloads make. With billing off every user has
 * every feature: no limit, no payment asked.
 */
export class BillingService {
  constructor(
    private readonly db: Kysely<Database>,
    readonly catalogue: Catalogue,
    readonly enabled: boolean,
  ) {}

  /** The user's biggest plan for the year, bought or granted. */
  async planFor(userId: number, year: number): Promise<HeldPlan | null> {
    const [paid, granted] = await Promise.all([
      this.db
        .selectFrom('billing_purchases')
        .select('plan_id')
        .where('user_id', '=', userId)
        .where('tax_year', '=', year)
        .where('status', '=', 'paid')
        .execute(),
      this.db
        .selectFrom('plan_grants')
        .select('plan_id')
        .where('user_id', '=', userId)
        .where('tax_year', '=', year)
        .execute(),
    ]);
    const held: HeldPlan[] = [
      ...paid.map((p) => ({ plan_id: p.plan_id, source: 'stripe' as const })),
      ...granted.map((g) => ({ plan_id: g.plan_id, source: 'admin' as const })),
    ];
    held.sort((a, b) => this.catalogue.rank(year, b.plan_id) - this.catalogue.rank(year, a.plan_id));
    return held[0] ?? null;
  }

  async hasAnyPlan(userId: number): Promise<boolean> {
    const [paid, granted] = await Promise.all([
      this.db
        .selectFrom('billing_purchases')
        .select('id')
        .where('user_id', '=', userId)
        .where('status', '=', 'paid')
        .executeTakeFirst(),
      this.db.selectFrom('plan_grants').select('id').where('user_id', '=', userId).executeTakeFirst(),
    ]);
    return Boolean(paid ?? granted);
  }

  /** Transactions a user may hold: null for no limit (billing off, or any plan bought). */
  async importLimit(userId: number): Promise<number | null> {
    if (!this.enabled) return null;
    return (await this.hasAnyPlan(userId)) ? null : this.catalogue.freeTransactionLimit;
  }

  async transactionCount(userId: number, year?: number): Promise<number> {
    let query = this.db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId);
    if (year !== undefined) {
      query = query.where('timestamp', '>=', `${year}-01-01`).where('timestamp', '<', `${year + 1}-01-01`);
    }
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

  /**
   * A year's reports need a plan for that year covering its transactions; otherwise a 402
   * answer names the year and a trace id (spec 01 §7, §8).
   */
  async requireReportPlan(userId: number, year: number): Promise<void> {
    if (!this.enabled) return;
    const held = await this.planFor(userId, year);
    const plan = held && this.catalogue.plan(year, held.plan_id);
    if (plan) {
      const count = plan.transaction_limit === null ? 0 : await this.transactionCount(userId, year);
      if (plan.transaction_limit === null || count <= plan.transaction_limit) return;
    }
    throw new AppError('payment_required', PAYMENT_REQUIRED_TEXT(year), {
      payment: { trace_id: randomUUID(), tax_year: year },
    });
  }

  async pausedImports(userId: number) {
    return this.db
      .selectFrom('import_files as f')
      .innerJoin('import_histories as h', 'h.id', 'f.import_history_id')
      .select([
        'f.id',
        'f.import_history_id',
        'f.file_name',
        'f.rows_parsed',
        'h.account_name',
        'h.custom_name',
      ])
      .where('f.user_id', '=', userId)
      .where('f.status', '=', 'paused')
      .orderBy('f.id')
      .execute();
  }

  /** Payments and granted plans, newest first. */
  async history(userId: number): Promise<BillingRow[]> {
    const [purchases, grants] = await Promise.all([
      this.db
        .selectFrom('billing_purchases')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', '!=', 'pending')
        .execute(),
      this.db.selectFrom('plan_grants').selectAll().where('user_id', '=', userId).execute(),
    ]);
    const name = (year: number, id: string) => this.catalogue.plan(year, id)?.name ?? id;
    const rows: BillingRow[] = [
      ...purchases.map((p) => ({
        id: p.id,
        tax_year: p.tax_year,
        plan_id: p.plan_id,
        plan_name: name(p.tax_year, p.plan_id),
        source: 'stripe' as const,
        status: p.status,
        amount: p.amount,
        currency: p.currency,
        receipt_url: p.receipt_url,
        created_at: p.created_at,
        paid_at: p.paid_at,
      })),
      ...grants.map((g) => ({
        // Grants and purchases share one list; negative ids keep the keys apart.
        id: -g.id,
        tax_year: g.tax_year,
        plan_id: g.plan_id,
        plan_name: name(g.tax_year, g.plan_id),
        source: 'admin' as const,
        status: 'paid' as const,
        amount: null,
        currency: null,
        receipt_url: null,
        created_at: g.created_at,
        paid_at: g.created_at,
      })),
    ];
    return rows.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  }
}
