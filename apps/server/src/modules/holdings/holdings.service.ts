import { DEFAULT_HOLDING_CURRENCY } from '@lotwise/contracts/holdings/holdings';
import type { UserRow } from '../../db/schema.ts';
import type { AppContext } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { walletNames } from '../tax/engine.service.ts';
import { inputVersion } from '../tax/tax.service.ts';
import { type UnitPrice, unitPrice } from './holdings.aggregate.ts';
import { HoldingsRepo, type LotRow } from './holdings.repo.ts';
import { tablePrices } from './table-prices.ts';

export interface HoldingsSnapshot {
  currency: string;
  holdingInProgress: boolean;
  calculatedAt: string | null;
  stale: boolean;
  lots: LotRow[];
  prices: Map<string, UnitPrice>;
  /** Wallet name (as the calculation wrote it) → account id. */
  accountIds: Map<string, number>;
}

export function holdingCurrency(user: UserRow): string {
  return (user.currency || DEFAULT_HOLDING_CURRENCY).toUpperCase();
}

/**
 * What the holdings pages read: the open lots of the user's latest complete calculation
 * (optionally of one account), and the latest known unit price of each asset held.
 */
export async function loadSnapshot(
  ctx: AppContext,
  repo: HoldingsRepo,
  user: UserRow,
  accountId?: number,
): Promise<HoldingsSnapshot> {
  const currency = holdingCurrency(user);
  const names = await walletNames(ctx.db.kysely, user.id);
  let wallet: string | undefined;
  if (accountId !== undefined) {
    wallet = names.get(accountId);
    if (wallet === undefined) throw notFound('Account');
  }
  const accountIds = new Map([...names].map(([id, name]) => [name, id]));
  const [calc, holdingInProgress] = await Promise.all([
    repo.latestComplete(user.id),
    repo.inProgress(user.id),
  ]);
  if (!calc) {
    return {
      currency,
      holdingInProgress,
      calculatedAt: null,
      stale: true,
      lots: [],
      prices: new Map(),
      accountIds,
    };
  }
  const [lots, version] = await Promise.all([repo.lots(user.id, calc.id, wallet), inputVersion(ctx, user)]);
  const assets = [...new Set(lots.map((l) => l.asset))];
  const table = await tablePrices(ctx, user.id, assets, currency);
  const prices = new Map<string, UnitPrice>();
  for (const asset of assets) {
    const row = await repo.latestPrice(user.id, asset, currency);
    const fromRow = row
      ? unitPrice(row.fiat_value, row.amount, {
          kind: 'latest_transaction',
          date: row.timestamp,
          transaction_id: row.id,
        })
      : null;
    // The newer of the two: the price table's latest day, or the latest transaction's.
    const fromTable = table.get(asset);
    const price =
      fromTable && (!fromRow || fromTable.source.date >= fromRow.source.date.slice(0, 10))
        ? fromTable
        : fromRow;
    if (price) prices.set(asset, price);
  }
  return {
    currency,
    holdingInProgress,
    calculatedAt: calc.finished_at,
    stale: calc.input_version !== version,
    lots,
    prices,
    accountIds,
  };
}

export { buildRows, groupLots } from './holdings.aggregate.ts';

/** The user's holdings snapshot (all accounts), for the pages of other modules (labs). */
export function userSnapshot(ctx: AppContext, user: UserRow): Promise<HoldingsSnapshot> {
  return loadSnapshot(ctx, new HoldingsRepo(ctx.db.kysely), user);
}

/** The user's latest complete calculation, as the holdings read it. */
export function latestCompleteCalc(ctx: AppContext, userId: number) {
  return new HoldingsRepo(ctx.db.kysely).latestComplete(userId);
}

export { lotUnpriced } from './holdings.repo.ts';

/** Ids of a calculation's transactions with a missing price (a lot's id is its acquisition's). */
export function unpricedTransactions(ctx: AppContext, calcId: number): Promise<Set<string>> {
  return new HoldingsRepo(ctx.db.kysely).unpriced(calcId);
}
