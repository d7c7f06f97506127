import { importLimitStatus } from '@lotwise/contracts/billing/billing';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { billingKeys } from './keys';

/**
 * The free import limit (spec 01 §4, §8): the imports it paused and whether a plan can lift it.
 * The imports channel and finished uploads read it again (see useImportLimitRefresh).
 */
export function useImportLimit(enabled = true) {
  return useQuery({
    queryKey: billingKeys.importLimit(),
    queryFn: ({ signal }) => callApi(importLimitStatus, { signal }),
    enabled,
    meta: { inlineError: true },
  });
}
