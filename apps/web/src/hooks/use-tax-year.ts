import { useLocalStorage } from '@mantine/hooks';
import { useCallback } from 'react';
import { STORAGE_KEYS } from '@/lib/storage';
import { defaultTaxYear, validTaxYear } from '@/lib/tax-year';

/** The tax year the user is looking at, shared by every page and kept locally. */
export function useTaxYear(): [number, (year: number) => void] {
  const [stored, setStored] = useLocalStorage<string>({
    key: STORAGE_KEYS.taxYear,
    defaultValue: String(defaultTaxYear()),
    getInitialValueInEffect: false,
  });
  const year = validTaxYear(stored) ?? defaultTaxYear();
  // A stable setter: effects that set the year do not rerun on every render.
  const setYear = useCallback((next: number) => setStored(String(next)), [setStored]);
  return [year, setYear];
}
