import { getTaxCalculationDetails } from '@lotwise/contracts/tax/calculation';
import { useLocalStorage } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApi } from '@/lib/api-client';
import { IMPORTS_QUERY_ROOT } from '@/lib/realtime';
import { STORAGE_KEYS } from '@/lib/storage';
import { defaultTaxYear, validTaxYear } from '@/lib/tax-year';

/**
 * The user's working year as the server sees it (the details' tax_year: the latest year with a
 * sale or income, else with any transaction). The tax feature's details query, by its key
 * (taxKeys.details()), so one request serves both and a calculation refreshes it.
 */
function useActivityYear(): number | null {
  const details = useQuery({
    queryKey: [IMPORTS_QUERY_ROOT, 'tax', 'details'] as const,
    queryFn: ({ signal }) => callApi(getTaxCalculationDetails, { signal }).then((r) => r.data),
    meta: { inlineError: true },
  });
  return validTaxYear(details.data?.tax_year);
}

/**
 * The tax year the user is looking at, shared by every page and kept locally: the one they
 * chose (or a page opened for them), else the latest year with activity, not an empty
 * calendar default (issue 35: 2025 over a history that is all in 2024).
 */
export function useTaxYear(): [number, (year: number) => void] {
  const [stored, setStored] = useLocalStorage<string>({
    key: STORAGE_KEYS.taxYear,
    defaultValue: '',
    getInitialValueInEffect: false,
  });
  const activity = useActivityYear();
  const year = validTaxYear(stored) ?? activity ?? defaultTaxYear();
  // A stable setter: effects that set the year do not rerun on every render.
  const setYear = useCallback((next: number) => setStored(String(next)), [setStored]);
  return [year, setYear];
}
