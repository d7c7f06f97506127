/** Query keys of the holdings feature; a finished calculation invalidates everything under `all`. */
export const holdingsKeys = {
  all: ['holdings'] as const,
  list: (input: { page: number; perPage: number; account: number | null; bySource: boolean }) =>
    [...holdingsKeys.all, 'list', input] as const,
  totals: (account: number | null) => [...holdingsKeys.all, 'totals', account] as const,
  inProgress: () => [...holdingsKeys.all, 'in-progress'] as const,
  calculation: () => [...holdingsKeys.all, 'calculation-details'] as const,
};
