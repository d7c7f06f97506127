import { Select } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useTaxYear } from '@/hooks/use-tax-year';
import { taxYearOptions } from '@/lib/tax-year';

/** The year picker of the one-year page: moves the URL and remembers the year. */
export function YearSelect({ year }: { year: number }) {
  const navigate = useNavigate();
  const [, setYear] = useTaxYear();
  const options = taxYearOptions();
  const data = (options.includes(year) ? options : [year, ...options]).map((y) => ({
    value: String(y),
    label: String(y),
  }));
  return (
    <Select
      aria-label="Tax year"
      w={118}
      leftSection={<IconCalendar size={16} />}
      data={data}
      value={String(year)}
      allowDeselect={false}
      onChange={(value) => {
        if (!value) return;
        setYear(Number(value));
        navigate(paths.oneYear.getHref(Number(value)));
      }}
    />
  );
}
