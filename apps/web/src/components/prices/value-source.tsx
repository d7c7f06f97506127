import type { RowValue } from '@lotwise/contracts/prices/prices';
import { Badge, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { formatCrypto, formatMoney } from '@/lib/format/amount';
import { SOURCE_NAMES } from '@/lib/source-names';

export function ValueSourceBadge({ value }: { value: RowValue }) {
  const name = SOURCE_NAMES[value.source];
  return (
    <Group gap={4} wrap="nowrap">
      <Badge size="xs" variant="light" color={name.color}>
        {name.label}
      </Badge>
      {value.via.length > 0 ? (
        <Badge size="xs" variant="outline" color="gray">
          FX
        </Badge>
      ) : null}
    </Group>
  );
}

/** What the hover says: the source in words, the price used and every conversion. */
export function ValueSourceDetails({ value }: { value: RowValue }) {
  return (
    <Stack gap={4} data-testid="value-source">
      <ValueSourceBadge value={value} />
      <Text fz="sm">{value.label}</Text>
      {value.price ? (
        <Text fz="xs" c="dimmed">
          {value.price.asset} {formatMoney(value.price.price, value.currency)} on {value.price.day}
          {value.price.precision === 'minute' ? ' (minute price)' : ' (daily price)'}
        </Text>
      ) : null}
      {value.via.map((step) => (
        <Text key={step} fz="xs" c="dimmed">
          {step.replace(/ (\d+\.\d+) /, (_m, rate: string) => ` ${formatCrypto(rate)} `)}
        </Text>
      ))}
      {value.value !== null ? (
        <Text fz="xs" fw={600}>
          Value {formatMoney(value.value, value.currency)}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * Wraps a value (the list's Total cell): hovering (or tapping, on a phone) shows where the
 * value came from. Without a known source the value is shown as it is.
 */
export function ValueSourcePopover({
  value,
  children,
}: {
  value: RowValue | undefined;
  children: ReactNode;
}) {
  const [opened, { open, close, toggle }] = useDisclosure(false);
  if (!value) return <>{children}</>;
  return (
    <Popover
      opened={opened}
      onChange={(o) => (o ? open() : close())}
      width={300}
      position="top-end"
      withArrow
      shadow="md"
    >
      <Popover.Target>
        <UnstyledButton
          onMouseEnter={open}
          onMouseLeave={close}
          onClick={toggle}
          aria-label={`Value source: ${value.label}`}
          style={{ textDecoration: 'underline dotted', textUnderlineOffset: 3 }}
        >
          {children}
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown onMouseEnter={open} onMouseLeave={close}>
        <ValueSourceDetails value={value} />
      </Popover.Dropdown>
    </Popover>
  );
}
