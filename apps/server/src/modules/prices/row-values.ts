import type { RowValue as RowValueJson } from '@lotwise/contracts/prices/prices';
import { explainValue, type RowValue } from '@lotwise/prices/explain';
import { valueLabel } from '@lotwise/prices/labels';
import { type PricedRow, priceNeeds } from '@lotwise/prices/needs';
import type { PriceBook } from '@lotwise/prices/price-book';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { manualFiatValue, storedLegs } from '../tax/manual-prices.service.ts';
import type { PriceService } from './prices.service.ts';

export interface ValuedRow extends PricedRow {
  id: number;
  manual: boolean;
}

/** The user's rows by id (only theirs), as the valuation reads them. */
export async function loadValuedRows(
  db: Kysely<Database>,
  userId: number,
  ids: readonly number[],
  currency: string,
): Promise<ValuedRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('transactions')
    .select([
      'id',
      'timestamp',
      'kind',
      'sent_asset',
      'sent_amount',
      'received_asset',
      'received_amount',
      'fee_asset',
      'fee_amount',
      'fiat_currency',
      'fiat_value',
      'manual_price',
      'sent_price',
      'received_price',
      'fee_price',
    ])
    .where('user_id', '=', userId)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((r) => ({
    id: r.id,
    timestamp: r.timestamp,
    ...storedLegs(r, currency),
    // Valued by the editor's manual price (the legs' fiat value is then that price's).
    manual: manualFiatValue(r, currency) !== null,
  }));
}

export function toJson(value: RowValue, currency: string): RowValueJson {
  return {
    value: value.value,
    currency,
    source: value.source,
    label: valueLabel(value),
    price:
      value.price && value.pricedAsset
        ? {
            asset: value.pricedAsset,
            price: value.price.price,
            day: value.price.day,
            precision: value.price.precision,
          }
        : null,
    via: value.via,
  };
}

/**
 * Values rows for display: the table, the user's own prices and pegs only (no provider call
 * while a page renders; the calculation and "Fetch again" ask providers).
 */
export async function rowValues(
  prices: PriceService,
  rows: readonly ValuedRow[],
  options: { currency: string; userId: number; online?: boolean; refetch?: boolean },
): Promise<{ values: Map<number, RowValueJson>; book: PriceBook; failures: string[]; fetched: number }> {
  const resolution = await prices.resolve(priceNeeds(rows, options.currency), {
    currency: options.currency,
    userId: options.userId,
    offline: !options.online,
    refetch: options.refetch ?? false,
  });
  const values = new Map<number, RowValueJson>();
  for (const row of rows) {
    values.set(
      row.id,
      toJson(explainValue(row, options.currency, resolution.book, row.manual), options.currency),
    );
  }
  return {
    values,
    book: resolution.book,
    failures: resolution.failures.map((f) => f.message),
    fetched: resolution.fetched,
  };
}
