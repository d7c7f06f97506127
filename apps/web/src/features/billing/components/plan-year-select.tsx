import { Select } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';

/** The tax years the catalogue sells, newest first. */
export function PlanYearSelect({
  years,
  value,
  onChange,
}: {
  years: number[];
  value: number;
  onChange: (year: number) => void;
}) {
  const options = years.includes(value) ? years : [value, ...years];
  return (
    <Select
      aria-label="Tax year"
      data-testid="pricing-year"
      w={{ base: '100%', xs: 130 }}
      leftSection={<IconCalendar size={16} />}
      data={options.map((y) => ({ value: String(y), label: String(y) }))}
      value={String(value)}
      onChange={(v) => v && onChange(Number(v))}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
