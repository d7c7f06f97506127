import { getHoldingInProgress } from '@lotwise/contracts/holdings/holdings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { callApi } from '@/lib/api-client';
import { holdingsKeys } from './keys';

/**
 * Whether a tax calculation is queued or running. Polls every 2 s while it is; when it ends,
 * every holdings query (and the dashboard's tax figures) is refetched.
 */
const NONE: readonly (readonly unknown[])[] = [];

export function useHoldingInProgress(alsoRefresh: readonly (readonly unknown[])[] = NONE) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: holdingsKeys.inProgress(),
    queryFn: ({ signal }) => callApi(getHoldingInProgress, { signal }),
    refetchInterval: (q) => (q.state.data?.holding_in_progress ? 2000 : false),
    meta: { inlineError: true },
  });
  const inProgress = query.data?.holding_in_progress ?? false;
  const was = useRef(inProgress);
  useEffect(() => {
    if (was.current && !inProgress) {
      void client.invalidateQueries({ queryKey: holdingsKeys.all });
      for (const key of alsoRefresh) void client.invalidateQueries({ queryKey: key });
    }
    was.current = inProgress;
  }, [inProgress, client, alsoRefresh]);
  return inProgress;
}
