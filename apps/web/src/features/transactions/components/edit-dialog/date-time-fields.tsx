import { Group, Select, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { formatDateDigits } from '../../utils/date-input';
import { timeOptions } from '../../utils/edit-form';

interface Props {
  date: string;
  time: string;
  /** The row's own time: kept as a choice even when it is not on a 15-minute step. */
  initialTime: string;
  error: string | undefined;
  onChange: (date: string, time: string) => void;
}

/** Date (MM/dd/yyyy, digits only) and time in 15-minute steps, both UTC (spec 02 §5). */
export function DateTimeFields({ date, time, initialTime, error, onChange }: Props) {
  const times = useMemo(() => timeOptions(initialTime), [initialTime]);
  return (
    <Group grow align="flex-start" gap="xs">
      <TextInput
        label="Date (UTC)"
        placeholder="MM/dd/yyyy"
        inputMode="numeric"
        value={date}
        error={error}
        onChange={(e) => onChange(formatDateDigits(e.currentTarget.value), time)}
      />
      <Select
        label="Time (UTC)"
        data={times}
        value={time}
        allowDeselect={false}
        searchable
        maxDropdownHeight={351}
        comboboxProps={{ withinPortal: true }}
        onChange={(v) => onChange(date, v ?? time)}
      />
    </Group>
  );
}
