import { listTaxDisposals } from '@lotwise/contracts/tax/year';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { taxKeys } from '@/lib/api/tax/keys';
import { callApi } from '@/lib/api-client';

export const taxDisposalsQueryOptions = (year: number, page: number, perPage: number) =>
  queryOptions({
    queryKey: taxKeys.disposals(year, page, perPage),
    queryFn: ({ signal }) =>
      callApi(listTaxDisposals, { params: { year }, query: { page, per_page: perPage }, signal }),
    placeholderData: keepPreviousData,
  });

export function useTaxDisposals(year: number, page: number, perPage: number) {
  return useQuery(taxDisposalsQueryOptions(year, page, perPage));
}
