import type { Category, PageSize } from '@lotwise/contracts/transactions/constants';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { readStorage, removeStorage, writeStorage } from '@/lib/storage';
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT,
  EMPTY_FILTERS,
  type Filters,
  nextSort,
  parseCategory,
  parsePage,
  parsePositiveId,
  type Sort,
} from '../utils/list-state';

export const TX_STORAGE = {
  page: 'transactions_page',
  savedFilters: 'transactions_saved_filters',
  layout: 'transactions_layout',
} as const;

function restoreSavedFilters(): Filters {
  const saved = readStorage(TX_STORAGE.savedFilters);
  if (!saved) return EMPTY_FILTERS;
  removeStorage(TX_STORAGE.savedFilters);
  try {
    return { ...EMPTY_FILTERS, ...(JSON.parse(saved) as Partial<Filters>) };
  } catch {
    return EMPTY_FILTERS;
  }
}

/**
 * List state (spec 02 §4): category and page live in the URL (page also in local storage);
 * filters, sort, page size and the selection live here. Filter and page-size changes go
 * back to page 1 and clear the selection; a page change clears the selection.
 */
export function useListState() {
  const [params, setParams] = useSearchParams();
  const category = parseCategory(params.get('txnType'));
  const page = parsePage(params.get('page') ?? readStorage(TX_STORAGE.page));
  /** ?id=: one transaction only (a tax warning's link); any other filter change lets it go. */
  const transactionId = parsePositiveId(params.get('id'));
  const [filters, setFiltersState] = useState<Filters>(restoreSavedFilters);
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const [pageSize, setPageSizeState] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const [selection, setSelection] = useState<Set<number>>(() => new Set());

  useEffect(() => writeStorage(TX_STORAGE.page, String(page)), [page]);

  const navigate = useCallback(
    (next: { txnType?: Category; page?: number }) => {
      setParams((prev) => {
        const out = new URLSearchParams(prev);
        out.delete('id');
        if (next.txnType !== undefined) out.set('txnType', next.txnType);
        if (next.page !== undefined) out.set('page', String(next.page));
        return out;
      });
      setSelection(new Set());
    },
    [setParams],
  );

  /** A page past the end (a URL, a deletion) becomes the last page, replacing the history entry. */
  const clampPage = useCallback(
    (last: number) =>
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          out.set('page', String(last));
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );

  const setFilters = useCallback(
    (patch: Partial<Filters>) => {
      setFiltersState((prev) => ({ ...prev, ...patch }));
      navigate({ page: 1 });
    },
    [navigate],
  );

  return {
    category,
    page,
    transactionId,
    showAll: () => navigate({ page: 1 }),
    filters,
    sort,
    pageSize,
    selection,
    setSelection,
    setFilters,
    setCategory: (txnType: Category, patch: Partial<Filters> = {}) => {
      setFiltersState((prev) => ({ ...prev, ...patch }));
      navigate({ txnType, page: 1 });
    },
    setPage: (next: number) => navigate({ page: next }),
    clampPage,
    setPageSize: (size: PageSize) => {
      setPageSizeState(size);
      navigate({ page: 1 });
    },
    toggleSort: (attribute: Sort['attribute']) => setSort((s) => nextSort(s, attribute)),
    reset: () => {
      setFiltersState(EMPTY_FILTERS);
      setSort(DEFAULT_SORT);
      setParams(new URLSearchParams({ txnType: 'all' }));
      setSelection(new Set());
    },
  };
}

export type ListState = ReturnType<typeof useListState>;

/** Before the layout toggle reloads: keep the filters for the next page view. */
export function saveFiltersForReload(filters: Filters): void {
  writeStorage(TX_STORAGE.savedFilters, JSON.stringify(filters));
}
