import { IMPORTS_QUERY_ROOT } from '@/lib/realtime';

/**
 * Query keys of the tax feature. They sit under the imports root, so the realtime channel
 * (a job's progress, `tax_calculated`, a finished import) refreshes them.
 */
export const taxKeys = {
  all: [IMPORTS_QUERY_ROOT, 'tax'] as const,
  details: () => [...taxKeys.all, 'details'] as const,
  check: (traceId: string) => [...taxKeys.all, 'check', traceId] as const,
  years: () => [...taxKeys.all, 'years'] as const,
  year: (year: number) => [...taxKeys.all, 'year', year] as const,
  disposals: (year: number, page: number, perPage: number) =>
    [...taxKeys.all, 'disposals', year, page, perPage] as const,
  /**
   * Outside the imports root on purpose: a disposal line's lots never change (a new calculation
   * stores new lines with new ids), and refetching an open line's lots when a recalculation
   * finishes asked for a line that no longer exists ("Disposal not found").
   */
  lots: (id: number) => ['disposal-lots', id] as const,
  settings: () => [...taxKeys.all, 'settings'] as const,
};
