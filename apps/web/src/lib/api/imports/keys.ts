import { IMPORTS_QUERY_ROOT } from '@/lib/realtime';

/** Query keys of the imports feature; the realtime channel invalidates everything under `all`. */
export const importsKeys = {
  all: [IMPORTS_QUERY_ROOT] as const,
  histories: () => [...importsKeys.all, 'histories'] as const,
  historyPage: (page: number) => [...importsKeys.histories(), 'page', page] as const,
  allHistories: () => [...importsKeys.histories(), 'all'] as const,
  historyExists: () => [...importsKeys.all, 'exists'] as const,
  sources: (historyId: number) => [...importsKeys.all, 'sources', historyId] as const,
  csvFiles: () => [...importsKeys.all, 'csv-files'] as const,
  importFile: (fileId: number) => [...importsKeys.all, 'file', fileId] as const,
  deletionStatus: () => [...importsKeys.all, 'deletion-status'] as const,
  exchanges: (q: string) => ['exchanges', q] as const,
};
