import { getTaxYear } from '@lotwise/contracts/tax/year';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { taxKeys } from '@/lib/api/tax/keys';
import { ApiError, callApi } from '@/lib/api-client';

/** One year of the latest calculation; null when there are no results yet (404). */
export const taxYearQueryOptions = (year: number) =>
  queryOptions({
    queryKey: taxKeys.year(year),
    queryFn: async ({ signal }) => {
      try {
        return (await callApi(getTaxYear, { params: { year }, signal })).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });

/** `enabled` false: not asked (before the first calculation there is nothing to ask for). */
export function useTaxYearDetail(year: number, enabled = true) {
  return useQuery({ ...taxYearQueryOptions(year), enabled });
}
