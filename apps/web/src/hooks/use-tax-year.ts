import { useLocalStorage } from '@mantine/hooks';
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
  return [year, (next) => setStored(String(next))];
}
