import type { ReportModel } from '@lotwise/reports/model';
import { brokerRows } from '@lotwise/reports/tie-out/form8949-lines';
import type { Kysely } from 'kysely';
import type { Database, TaxCalculationRow } from '../../db/schema.ts';
import { BrokerFormsRepo } from './broker-forms.repo.ts';
import { tieOutCache } from './tie-out-cache.ts';

/**
 * A year's report model with its Forms 1099-DA: the sales on them are written as the tie-out
 * says (boxes G/H/J/K, codes and adjustments), every other sale on I/L. A year without a form
 * is left as it was.
 */
export async function withBrokerForms(
  db: Kysely<Database>,
  userId: number,
  calc: TaxCalculationRow,
  model: ReportModel,
): Promise<ReportModel> {
  if (model.year < 2025) return model;
  if ((await new BrokerFormsRepo(db).yearForms(userId, model.year)).length === 0) return model;
  const { tieOut } = await tieOutCache(db).get(userId, calc, model.year);
  return { ...model, brokerRows: brokerRows(tieOut) };
}
