import type { Finding } from '@lotwise/contracts/review/review';
import { CHOICES, type FindingWizard } from '@lotwise/contracts/review/wizards';
import { classificationOf } from '@lotwise/engine/label-classification';
import type { TransactionRow, UserRow } from '../../db/schema.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../http/errors.ts';
import { loadValuedRows, rowValues } from '../prices/valuation.service.ts';
import { applyChange } from '../transactions/annotations/annotations.service.ts';
import { ownRows } from '../transactions/edit/rows.service.ts';
import { PairsService } from '../transactions/pairs/pairs.service.ts';
import { incomeTypeOf } from './findings.ts';
import { reviewState } from './review.service.ts';

export type DecideBody =
  | { wizard: FindingWizard; decisions: Array<{ finding_id: string; choice: string }> }
  | { wizard: FindingWizard; all: true; choice: string };

/** Missing prices have no type to record: their answer is to ask the providers again. */
const FETCH_AGAIN = 'fetch';

function rowClass(row: TransactionRow): string | null {
  const sent =
    row.sent_asset && row.sent_amount !== null
      ? { asset: row.sent_asset, amount: String(row.sent_amount) }
      : null;
  const received =
    row.received_asset && row.received_amount !== null
      ? { asset: row.received_asset, amount: String(row.received_amount) }
      : null;
  return classificationOf({ sent, received, label: row.label, subtype: row.subtype });
}

/**
 * Applies answers to a wizard's open findings. Every answer is an annotation like a row-menu
 * mark (it survives a re-import and the annotation reset undoes it); a confirmed transfer is
 * the Self Transfer dialog's pair. Answers to findings that are no longer open are refused.
 */
export async function decide(ctx: AppContext, user: UserRow, body: DecideBody) {
  const { wizard } = body;
  const open = (await reviewState(ctx, user)).findings[wizard];
  const byId = new Map(open.map((f) => [f.id, f]));
  const asked: Array<{ finding: Finding; choice: string }> =
    'all' in body
      ? open.map((finding) => ({ finding, choice: body.choice }))
      : body.decisions.map((d) => {
          const finding = byId.get(d.finding_id);
          if (!finding) throw new AppError('not_found', `${d.finding_id} is no longer open for review`);
          return { finding, choice: d.choice };
        });
  const offered: Record<string, { type: string | null }> = CHOICES[wizard];
  for (const { choice } of asked) {
    if (wizard === 'PricingWizard' ? choice !== FETCH_AGAIN : !(choice in offered)) {
      throw new AppError('validation_failed', `choice: "${choice}" is not an answer ${wizard} offers`, {
        field: 'choice',
      });
    }
  }
  if (wizard === 'PricingWizard') return fetchAgain(ctx, user, asked, wizard);

  const db = ctx.db.kysely;
  const byType = new Map<string, number[]>();
  const pairs: Finding[] = [];
  const confirms: number[] = [];
  for (const { finding, choice } of asked) {
    if (wizard === 'SelfTransferWizard' && choice === 'confirm') pairs.push(finding);
    else if (wizard === 'ConfirmAllTransaction') confirms.push(...finding.transaction_ids);
    else {
      const type = offered[choice]!.type!;
      byType.set(type, [...(byType.get(type) ?? []), ...finding.transaction_ids]);
    }
  }
  // Income the file already named: recorded as that type, so it is the user's own answer now.
  if (confirms.length > 0) {
    for (const row of await ownRows(db, user.id, confirms)) {
      const type = incomeTypeOf(row, rowClass(row));
      byType.set(type, [...(byType.get(type) ?? []), row.id]);
    }
  }
  for (const [type, ids] of byType) {
    await applyChange(db, user.id, await ownRows(db, user.id, ids), 'type', {
      user_defined_type: type,
      ignored: false,
    });
  }
  const service = new PairsService(ctx);
  for (const pair of pairs) {
    const [sellId, buyId] = pair.transaction_ids as [number, number];
    await service.mark(user, 'self_transfer', { sell_id: sellId, buy_id: buyId });
  }
  const remaining = (await reviewState(ctx, user)).findings[wizard].length;
  return {
    applied: asked.length,
    remaining,
    message: `${asked.length} answered. Recalculate your taxes to see their effect.`,
  };
}

async function fetchAgain(
  ctx: AppContext,
  user: UserRow,
  asked: Array<{ finding: Finding }>,
  wizard: FindingWizard,
) {
  const currency = user.currency.toUpperCase();
  const ids = asked.flatMap((a) => a.finding.transaction_ids);
  const rows = await loadValuedRows(ctx.db.kysely, user.id, ids, currency);
  const result = await rowValues(ctx.prices, rows, {
    currency,
    userId: user.id,
    online: true,
    refetch: true,
  });
  const priced = [...result.values.values()].filter((v) => v.source !== 'missing').length;
  const remaining = (await reviewState(ctx, user)).findings[wizard].length;
  const message =
    result.failures[0] ??
    (ctx.prices.providerNames.length === 0
      ? 'No price provider is configured; add values by hand or load a price file.'
      : `${priced} of ${rows.length} now have a price. Recalculate your taxes to use them.`);
  return { applied: asked.length, remaining, message };
}
