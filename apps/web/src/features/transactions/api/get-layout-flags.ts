import {
  getCanRecalculate,
  getGroupUiStatus,
  getTxnEditorRevamp,
  getVisibilityFilterStatus,
} from '@lotwise/contracts/transactions/flags';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { transactionsKeys } from '@/lib/api/transactions/keys';
import { callApi } from '@/lib/api-client';

export type ServerLayout = 'legacy' | 'grouped' | 'grouped_revamp';

export interface LayoutFlags {
  layout: ServerLayout;
  visibilityFilter: boolean;
}

/** The two layout flags pick one of three layouts; any flag error means legacy (spec 02 §2). */
export async function fetchLayoutFlags(signal?: AbortSignal): Promise<LayoutFlags> {
  const visibility = callApi(getVisibilityFilterStatus, { query: { feature: 'visibility_filter' }, signal })
    .then((r) => r.status)
    .catch(() => false);
  try {
    const [group, revamp] = await Promise.all([
      callApi(getGroupUiStatus, { signal }),
      callApi(getTxnEditorRevamp, { signal }),
    ]);
    const layout: ServerLayout = !group.status
      ? 'legacy'
      : revamp.txn_editor_revamp
        ? 'grouped_revamp'
        : 'grouped';
    return { layout, visibilityFilter: await visibility };
  } catch {
    return { layout: 'legacy', visibilityFilter: await visibility };
  }
}

export const layoutFlagsQueryOptions = () =>
  queryOptions({
    queryKey: transactionsKeys.flags(),
    queryFn: ({ signal }) => fetchLayoutFlags(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useLayoutFlags() {
  return useQuery(layoutFlagsQueryOptions());
}

export function useCanRecalculate() {
  return useQuery({
    queryKey: transactionsKeys.canRecalculate(),
    queryFn: ({ signal }) => callApi(getCanRecalculate, { signal }),
    meta: { inlineError: true },
  });
}
