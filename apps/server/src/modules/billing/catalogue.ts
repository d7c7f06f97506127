import { readFileSync } from 'node:fs';
import type { Plan } from '@lotwise/contracts/billing/billing';
import Decimal from 'decimal.js';
import { z } from 'zod';

/**
 * The plan catalogue: what each plan costs and how many transactions of its tax year it covers,
 * defined in configuration (BILLING_PLANS_FILE, JSON in this shape) so an operator changes
 * prices and limits without code. `years` replaces the plans of single tax years.
 */
const price = z
  .string()
  .regex(/^\d+(\.\d{1,2})?$/, 'a price is decimal text with at most two decimals, e.g. "49.00"');
const planSchema = z.object({
  id: z.string().regex(/^[a-z0-9_-]{1,40}$/),
  name: z.string().min(1).max(60),
  price,
  /** null: unlimited. */
  transaction_limit: z.number().int().positive().nullable(),
  features: z.array(z.string()).default([]),
});
const catalogueSchema = z.object({
  currency: z.string().regex(/^[a-z]{3}$/),
  /** Transactions a user may store before buying any plan (spec 01 §1 free import limit). */
  free_transaction_limit: z.number().int().min(0),
  first_tax_year: z.number().int().min(2009),
  /** Cheapest first: the order is the plans' rank. */
  plans: z.array(planSchema).min(1),
  years: z.record(z.string().regex(/^\d{4}$/), z.array(planSchema).min(1)).default({}),
});
export type CatalogueFile = z.input<typeof catalogueSchema>;

const STANDARD = ['Form 8949, Schedule D and income reports', 'TurboTax, TaxAct and CSV exports'];

/** The built-in catalogue (USD), used when no file is configured. */
export const DEFAULT_CATALOGUE: CatalogueFile = {
  currency: 'usd',
  free_transaction_limit: 10_000,
  first_tax_year: 2015,
  plans: [
    { id: 'newbie', name: 'Newbie', price: '49.00', transaction_limit: 100, features: STANDARD },
    { id: 'hodler', name: 'Hodler', price: '99.00', transaction_limit: 1_000, features: STANDARD },
    {
      id: 'trader',
      name: 'Trader',
      price: '179.00',
      transaction_limit: 3_000,
      features: [...STANDARD, 'Priority support'],
    },
    {
      id: 'pro',
      name: 'Pro',
      price: '279.00',
      transaction_limit: null,
      features: [...STANDARD, 'Priority support', 'Unlimited transactions'],
    },
  ],
};

export class Catalogue {
  private constructor(private readonly data: z.output<typeof catalogueSchema>) {}

  static parse(input: unknown, source = 'the plan catalogue'): Catalogue {
    const parsed = catalogueSchema.safeParse(input);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
      throw new Error(`Invalid ${source}: ${problems.join('; ')}`);
    }
    return new Catalogue(parsed.data);
  }

  /** The configured file, else the built-in catalogue; a bad file stops the server with its problem. */
  static load(file: string | undefined): Catalogue {
    if (!file) return Catalogue.parse(DEFAULT_CATALOGUE);
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`BILLING_PLANS_FILE ${file} cannot be read: ${(error as Error).message}`);
    }
    return Catalogue.parse(json, `BILLING_PLANS_FILE ${file}`);
  }

  get currency(): string {
    return this.data.currency;
  }

  get freeTransactionLimit(): number {
    return this.data.free_transaction_limit;
  }

  /** Years on sale: the first configured one up to `latest`, newest first. */
  taxYears(latest: number): number[] {
    const years: number[] = [];
    for (let y = Math.max(latest, this.data.first_tax_year); y >= this.data.first_tax_year; y--)
      years.push(y);
    return years;
  }

  plans(year: number): Plan[] {
    const plans = this.data.years[String(year)] ?? this.data.plans;
    return plans.map((p) => ({ ...p, price: new Decimal(p.price).toFixed(2), currency: this.data.currency }));
  }

  plan(year: number, id: string): Plan | undefined {
    return this.plans(year).find((p) => p.id === id);
  }

  /** A plan's place in its year's list (higher is bigger); -1 when the year does not sell it. */
  rank(year: number, id: string): number {
    return this.plans(year).findIndex((p) => p.id === id);
  }

  /** The smallest plan of the year that covers `count` transactions, if any does. */
  fitting(year: number, count: number): Plan | undefined {
    return this.plans(year).find((p) => p.transaction_limit === null || p.transaction_limit >= count);
  }

  /** Smallest currency units (cents) of a decimal price, exactly. */
  static minorUnits(price: string): number {
    return new Decimal(price).times(100).toDecimalPlaces(0).toNumber();
  }
}
