import { getTimezoneOptions } from '@lotwise/contracts/onboarding/onboarding';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** GET /timezone: the reporting currencies and time zones to choose from. */
export const preferenceOptionsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.preferenceOptions(),
    queryFn: ({ signal }) => callApi(getTimezoneOptions, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { inlineError: true },
  });

export function usePreferenceOptions() {
  return useQuery(preferenceOptionsQueryOptions());
}
