import {
  CATEGORIES,
  type Category,
  DEFAULT_PAGE_SIZE,
  DEFAULT_VISIBILITY,
  type PageSize,
  type SortAttribute,
  type VisibilityValue,
} from '@lotwise/contracts/transactions/constants';
import type { ListTransactionsInput } from '@lotwise/contracts/transactions/list-transactions';

/** Filter state of the list (spec 02 §3 "Filter state"); dates are YYYY-MM-DD, UTC. */
export interface Filters {
  search: string | null;
  type: string | null;
  marginType: string | null;
  /** Account ids (import_history ids); empty means All. */
  exchanges: number[];
  methods: string[];
  statuses: string[];
  visibility: VisibilityValue[];
  startDate: string | null;
  endDate: string | null;
  year: number | null;
}

export interface Sort {
  attribute: SortAttribute;
  order: 'asc' | 'desc';
}

export const EMPTY_FILTERS: Filters = {
  search: null,
  type: null,
  marginType: null,
  exchanges: [],
  methods: [],
  statuses: [],
  visibility: [...DEFAULT_VISIBILITY],
  startDate: null,
  endDate: null,
  year: null,
};

export const DEFAULT_SORT: Sort = { attribute: 'transaction_at', order: 'desc' };
export { DEFAULT_PAGE_SIZE };

/** Column clicks: a descending column flips to ascending, anything else goes descending (spec 02 §4). */
export function nextSort(current: Sort, attribute: SortAttribute): Sort {
  if (current.attribute === attribute && current.order === 'desc') return { attribute, order: 'asc' };
  return { attribute, order: 'desc' };
}

export function parseCategory(value: string | null): Category {
  return (CATEGORIES as readonly string[]).includes(value ?? '') ? (value as Category) : 'all';
}

export function parsePositiveId(value: string | null): number | null {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n >= 1 ? n : null;
}

export function parsePage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** The list payload of the new layout (§7); the legacy layout sends the same fields it knows. */
export function listBody(
  category: Category,
  filters: Filters,
  sort: Sort,
  page: number,
  pageSize: PageSize,
  legacy: boolean,
  /** One transaction only (?id=). */
  id: number | null = null,
): ListTransactionsInput {
  const common: ListTransactionsInput = {
    txns_type: category,
    page,
    page_size: pageSize,
    sort_order: sort.order,
    sort_attribute: sort.attribute,
    search_params: filters.search ?? false,
    start_date: filters.startDate ? `${filters.startDate}T00:00:00` : 'null',
    end_date: filters.endDate ? `${filters.endDate}T23:59:59` : 'null',
    exchanges: filters.exchanges.length > 0 ? filters.exchanges.map((value) => ({ value })) : null,
    type: filters.type,
    margin_type: filters.marginType,
    ...(id !== null ? { id } : {}),
  };
  if (legacy) return common;
  return {
    ...common,
    methods: filters.methods,
    visibility: filters.visibility,
    statuses: filters.statuses.map((value) => ({ value })),
  };
}
