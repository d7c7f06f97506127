import { searchCurrencies } from '@lotwise/contracts/prices/prices';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { pricesKeys } from './keys';

/** Currency search, debounced 300 ms (spec 01 §9). */
export function useCurrencySearch(text: string) {
  const [q] = useDebouncedValue(text.trim(), 300);
  return useQuery({
    queryKey: pricesKeys.search(q),
    queryFn: ({ signal }) => callApi(searchCurrencies, { query: { q }, signal }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
}
