import { Select } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useTaxYear } from '@/hooks/use-tax-year';
import { taxYearOptions } from '@/lib/tax-year';

/** Tax year picker: the current year and the 4 before it (spec 01 §4). */
export function TaxYearPicker({ size = 'sm' }: { size?: 'xs' | 'sm' | 'md' }) {
  const [year, setYear] = useTaxYear();
  return (
    <Select
      aria-label="Tax year"
      size={size}
      w={size === 'xs' ? 96 : 118}
      leftSection={<IconCalendar size={16} />}
      data={taxYearOptions().map((y) => ({ value: String(y), label: String(y) }))}
      value={String(year)}
      onChange={(value) => value && setYear(Number(value))}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
