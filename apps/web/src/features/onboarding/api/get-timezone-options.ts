import { getTimezoneOptions } from '@lotwise/contracts/onboarding/onboarding';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { onboardingKeys } from './keys';

export const getTimezoneOptionsRequest = (signal?: AbortSignal) => callApi(getTimezoneOptions, { signal });

export const timezoneOptionsQueryOptions = () =>
  queryOptions({
    queryKey: onboardingKeys.timezoneOptions(),
    queryFn: ({ signal }) => getTimezoneOptionsRequest(signal),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { inlineError: true },
  });

export function useTimezoneOptions() {
  return useQuery(timezoneOptionsQueryOptions());
}
