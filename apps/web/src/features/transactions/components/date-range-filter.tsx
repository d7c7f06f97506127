import '@mantine/dates/styles.css';
import { ActionIcon, Button, Group, Modal, Popover, Stack, TextInput } from '@mantine/core';
import { DatePicker, type DatesRangeValue } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { formatDateDigits, isoToDisplay, parseDateDigits } from '../utils/date-input';

interface Range {
  startDate: string | null;
  endDate: string | null;
}

const toPicker = (r: Range): DatesRangeValue<string> => [r.startDate, r.endDate];

/** One date box: digits only, MM/dd/yyyy, applied once 8 valid digits are in (spec 02 §4). */
function DigitsDate({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | null;
  onChange: (iso: string | null) => void;
}) {
  const [text, setText] = useState(isoToDisplay(value));
  useEffect(() => setText(isoToDisplay(value)), [value]);
  return (
    <TextInput
      aria-label={label}
      placeholder="MM/DD/YYYY"
      w={118}
      inputMode="numeric"
      value={text}
      onChange={(e) => {
        const next = formatDateDigits(e.currentTarget.value);
        setText(next);
        if (next === '') onChange(null);
        const parsed = parseDateDigits(next);
        if (parsed) onChange(parsed);
      }}
    />
  );
}

/** Date range: typed dates plus a calendar; on phones a full-screen picker with Clear and Done. */
export function DateRangeFilter({ value, onChange }: { value: Range; onChange: (range: Range) => void }) {
  const mobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<DatesRangeValue<string>>(toPicker(value));
  useEffect(() => setDraft(toPicker(value)), [value]);

  if (mobile) {
    const label =
      value.startDate || value.endDate
        ? `${isoToDisplay(value.startDate) || '…'} – ${isoToDisplay(value.endDate) || '…'}`
        : 'Date range';
    return (
      <>
        <Button
          variant="default"
          leftSection={<IconCalendar size={16} />}
          onClick={() => setOpen(true)}
          fullWidth
        >
          {label}
        </Button>
        <Modal opened={open} onClose={() => setOpen(false)} fullScreen title="Date range">
          <Stack align="center">
            <DatePicker type="range" value={draft} onChange={setDraft} allowSingleDateInRange />
            <Group grow w="100%">
              <Button
                variant="default"
                onClick={() => {
                  setDraft([null, null]);
                  onChange({ startDate: null, endDate: null });
                  setOpen(false);
                }}
              >
                Clear
              </Button>
              <Button
                onClick={() => {
                  onChange({ startDate: draft[0], endDate: draft[1] ?? draft[0] });
                  setOpen(false);
                }}
              >
                Done
              </Button>
            </Group>
          </Stack>
        </Modal>
      </>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      <DigitsDate
        label="Start date"
        value={value.startDate}
        onChange={(startDate) => onChange({ ...value, startDate })}
      />
      <DigitsDate
        label="End date"
        value={value.endDate}
        onChange={(endDate) => onChange({ ...value, endDate })}
      />
      <Popover opened={open} onChange={setOpen} position="bottom-end" shadow="md">
        <Popover.Target>
          <ActionIcon variant="default" size="lg" aria-label="Pick dates" onClick={() => setOpen((o) => !o)}>
            <IconCalendar size={16} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <DatePicker
            type="range"
            numberOfColumns={2}
            value={draft}
            onChange={(range) => {
              setDraft(range);
              if (range[0] && range[1]) {
                onChange({ startDate: range[0], endDate: range[1] });
                setOpen(false);
              }
            }}
          />
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
