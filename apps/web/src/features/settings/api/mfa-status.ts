import { mfaStatus } from '@lotwise/contracts/auth/mfa';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { settingsKeys } from './keys';

export const mfaStatusQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.mfa(),
    queryFn: ({ signal }) => callApi(mfaStatus, { signal }),
    meta: { inlineError: true },
  });

export function useMfaStatus() {
  return useQuery(mfaStatusQueryOptions());
}
