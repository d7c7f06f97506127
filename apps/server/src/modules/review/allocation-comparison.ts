import { lotUnpriced } from '@lotwise/engine/form8949';
import type { AllocationRecord, AllocationRule } from '@lotwise/engine/types';
import { plain, sum, toCents } from '@lotwise/reports/money';
import { printedTotals } from '@lotwise/reports/totals';
import Decimal from 'decimal.js';
import type { UserRow } from '../../db/schema.ts';
import type { AppContext } from '../../http/context.ts';
import {
  engineOptions,
  loadEngineInput,
  priceRows,
  runEngineInWorker,
  settingsOf,
} from '../tax/engine.service.ts';

export const RULE_LABELS: Record<AllocationRule, string> = {
  'stay-oldest-first': 'Lots stay where they were bought, oldest first',
  'lowest-cost-largest-holding': 'Lowest cost first, to the largest holding',
};

const RULES: readonly AllocationRule[] = ['stay-oldest-first', 'lowest-cost-largest-holding'];

/**
 * The user's history under the US rule (universal until 2024, per wallet from 2025) with each of
 * `rules`: the engine allocates at 1 January 2025 whenever the history reaches it with holdings,
 * also when it has no 2025 row (issue 35.2).
 */
async function usResults(ctx: AppContext, user: UserRow, rules: readonly AllocationRule[]) {
  const settings = settingsOf(user);
  const rows = await loadEngineInput(ctx.db.kysely, user.id);
  const { table } = await priceRows(ctx.prices, rows, {
    currency: settings.currency,
    userId: user.id,
    progress: async () => {},
  });
  const results = [];
  for (const rule of rules) {
    results.push(
      await runEngineInWorker(
        rows,
        { ...engineOptions(settings), basis: 'us-2025', allocationRule: rule },
        false,
        table,
      ),
    );
  }
  return results;
}

/**
 * The Safe Harbor record of the user's chosen rule (the first rule until one is chosen), made
 * from their data as it is now, or null when nothing was held at the start of 2025; with the
 * transactions that have a missing price (a lot they acquired has an unknown basis).
 */
export async function chosenAllocation(
  ctx: AppContext,
  user: UserRow,
): Promise<{ record: AllocationRecord; unpriced: Set<string> } | null> {
  const [result] = await usResults(ctx, user, [settingsOf(user).allocation_rule]);
  const record = result?.allocation ?? null;
  if (!result || !record || record.entries.length === 0) return null;
  const unpriced = new Set(result.statuses.filter((s) => s.flags.includes('missing_price')).map((s) => s.id));
  return { record, unpriced };
}

/**
 * The Safe Harbor 2025 allocation (Rev. Proc. 2024-28) under each rule, side by side: the
 * basis every wallet starts 2025 with and what that does to 2025's gains. The user's data
 * and prices, the US rule (universal until 2024, per wallet from 2025).
 */
export async function compareAllocations(ctx: AppContext, user: UserRow) {
  const settings = settingsOf(user);
  const results = await usResults(ctx, user, RULES);
  const out = [];
  for (const [i, rule] of RULES.entries()) {
    const result = results[i]!;
    const y = result.years['2025'];
    const printed = printedTotals({ disposals: y?.disposals ?? [], income: y?.incomeLines ?? [] });
    const unpriced = new Set(
      result.statuses.filter((s) => s.flags.includes('missing_price')).map((s) => s.id),
    );
    const wallets = new Map<
      string,
      { wallet: string; asset: string; amount: Decimal; basis: Decimal; unknown: boolean }
    >();
    for (const e of result.allocation?.entries ?? []) {
      const key = `${e.wallet}\u0000${e.asset}`;
      const w = wallets.get(key) ?? {
        wallet: e.wallet,
        asset: e.asset,
        amount: new Decimal(0),
        basis: new Decimal(0),
        unknown: false,
      };
      w.amount = w.amount.plus(e.amount);
      w.basis = w.basis.plus(e.costBasis);
      // A lot bought without a price: the wallet's basis is unknown, not its sum (issue 35.1).
      if (lotUnpriced(e.lotId, unpriced)) w.unknown = true;
      wallets.set(key, w);
    }
    out.push({
      rule,
      label: RULE_LABELS[rule],
      short_term_gain: printed.shortTermGain,
      long_term_gain: printed.longTermGain,
      net_gain: plain(sum([toCents(printed.shortTermGain), toCents(printed.longTermGain)])),
      wallets: [...wallets.values()]
        .sort((a, b) => a.wallet.localeCompare(b.wallet) || a.asset.localeCompare(b.asset))
        .map((w) => ({
          wallet: w.wallet,
          asset: w.asset,
          amount: w.amount.toFixed(),
          cost_basis: plain(toCents(w.basis.toFixed())),
          ...(w.unknown ? { basis_unknown: true as const } : {}),
        })),
      shortfalls: result.warnings.filter((w) => w.code === 'allocation_shortfall').length,
    });
  }
  return {
    currency: settings.currency,
    current: settings.allocation_rule,
    chosen_at: user.allocation_chosen_at,
    rules: out,
  };
}
