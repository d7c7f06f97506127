import {
  type AccountMatching,
  finishTieOut,
  formOnlyLines,
  matchAccounts,
  placeElsewhere,
  tieOutNeeds,
} from '@lotwise/reports/tie-out/tie-out';
import type { BrokerLine, SaleElsewhere, TieOut } from '@lotwise/reports/tie-out/types';
import type { Kysely } from 'kysely';
import type { Database, TaxCalculationRow } from '../../db/schema.ts';
import type { TaxSettings } from '../tax/engine.service.ts';
import { walletNames } from '../tax/engine.service.ts';
import { type BrokerFormsRepo, brokerLineOf, type YearForm } from './broker-forms.repo.ts';
import {
  salesElsewhere,
  sameStrings,
  type TransactionFact,
  taxableDisposals,
  transactionFacts,
  txOfLot,
} from './tie-out-reads.ts';

/** What a year's tie-out was worked out from, besides the calculation and the forms. */
export interface TieOutInputs {
  wallets: Map<number, string>;
  yearForms: YearForm[];
}

/** A year's tie-out, its matching (for wording it again) and the transaction facts it read. */
export interface ComputedTieOut {
  tieOut: TieOut;
  formCount: number;
  matching: AccountMatching[];
  /** The ids whose facts the reasons read, and what they were (absent: not the user's). */
  factIds: Set<string>;
  facts: Map<string, TransactionFact>;
  currency: string;
  method: string;
  wallets: Map<number, string>;
  /** The forms' lines as read, and what they were read from: the next calculation's tie-out reuses them. */
  brokerLines: BrokerLine[];
  formsKey: string;
}

const settingsOf = (calc: TaxCalculationRow) => {
  const settings = JSON.parse(calc.settings) as TaxSettings;
  return { currency: (settings.currency || 'USD').toUpperCase(), method: settings.method.toUpperCase() };
};

/** The inputs read on every call (small): the user's account names and the year's forms. */
export async function tieOutInputs(
  db: Kysely<Database>,
  forms: BrokerFormsRepo,
  userId: number,
  year: number,
): Promise<TieOutInputs> {
  const [wallets, yearForms] = await Promise.all([walletNames(db, userId), forms.yearForms(userId, year)]);
  return { wallets, yearForms };
}

/**
 * The tie-out of a year (packages/reports tie-out): the year's 1099-DA lines, and the taxable
 * disposals of the latest complete calculation in the accounts with a form. The other
 * accounts' sales are read only for the lines on the form only (their assets and days), and
 * the reasons read each sale's fee and each lot's account only where a line's proceeds or
 * basis differ, so only those transactions are read (tieOutNeeds), after the matching.
 */
export async function computeTieOut(
  db: Kysely<Database>,
  forms: BrokerFormsRepo,
  userId: number,
  calc: TaxCalculationRow,
  year: number,
  inputs: TieOutInputs,
  earlier?: Pick<ComputedTieOut, 'brokerLines' | 'formsKey'>,
): Promise<ComputedTieOut> {
  const { currency, method } = settingsOf(calc);
  const { wallets, yearForms } = inputs;
  const accountOf = new Map(yearForms.map((f) => [f.id, wallets.get(f.account_id) ?? f.account_name]));
  const accounts = [...new Set(accountOf.values())];
  const formsKey = JSON.stringify([...accountOf].concat(yearForms.map((f) => [f.id, f.fingerprint])));
  const [brokerLines, own] = await Promise.all([
    earlier?.formsKey === formsKey ? earlier.brokerLines : readBrokerLines(forms, userId, accountOf),
    taxableDisposals(db, calc.id, year, accounts),
  ]);
  const matching = matchAccounts(brokerLines, own);
  const formOnly = formOnlyLines(matching);
  if (formOnly.length > 0) {
    const others = await salesElsewhere(db, calc.id, year, accounts, {
      assets: new Set(formOnly.map((l) => l.asset.toUpperCase())),
      days: new Set(formOnly.map((l) => l.date_sold)),
    });
    placeElsewhere(matching, inIdOrder(own, others));
  }
  const needs = tieOutNeeds(matching);
  const factIds = new Set([...needs.fees.map((d) => d.txId), ...[...needs.lotIds].map(txOfLot)]);
  const facts = await transactionFacts(db, userId, factIds, currency);
  const computed = {
    ...{ matching, factIds, facts, currency, method, wallets, brokerLines, formsKey },
    formCount: yearForms.length,
  };
  return { ...computed, tieOut: wordTieOut(computed, year) };
}

/**
 * The lines of the forms (`accountOf`: each form's id and the account name its lines take). A
 * stored form's lines never change (a form is only added or removed, and ids are never used
 * again), so a tie-out can take the previous calculation's while the forms, their fingerprints
 * and the accounts' names are the same (`earlier`, kept by tie-out-cache.ts).
 */
async function readBrokerLines(forms: BrokerFormsRepo, userId: number, accountOf: Map<number, string>) {
  const stored = await forms.lines(userId, [...accountOf.keys()]);
  const same = sameStrings();
  return stored.map((row): BrokerLine => brokerLineOf(row, accountOf.get(row.form_id) ?? '', same));
}

/** Two lists of sales, each in id order (the engine's), as one. */
function inIdOrder(a: readonly SaleElsewhere[], b: readonly SaleElsewhere[]): SaleElsewhere[] {
  if (b.length === 0) return [...a];
  const out: SaleElsewhere[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length)
    out.push(j >= b.length || (i < a.length && a[i]!.id < b[j]!.id) ? a[i++]! : b[j++]!);
  return out;
}

/** The tie-out's lines and totals from its matching and the facts read (fees, lots' accounts). */
export function wordTieOut(
  c: Pick<ComputedTieOut, 'matching' | 'facts' | 'method' | 'wallets'>,
  year: number,
): TieOut {
  for (const d of tieOutNeeds(c.matching).fees) d.fee = c.facts.get(d.txId)?.fee ?? null;
  const lotWallet = (lotId: string) => {
    const account = c.facts.get(txOfLot(lotId))?.account;
    return account === undefined ? null : (c.wallets.get(account) ?? null);
  };
  return finishTieOut(c.matching, { year, method: c.method, lotWallet });
}

/** The tie-out of a year, worked out afresh (tie-out-cache.ts keeps it between calls). */
export async function yearTieOut(
  db: Kysely<Database>,
  forms: BrokerFormsRepo,
  userId: number,
  calc: TaxCalculationRow,
  year: number,
): Promise<{ tieOut: TieOut; formCount: number }> {
  return computeTieOut(db, forms, userId, calc, year, await tieOutInputs(db, forms, userId, year));
}
