import type { Finding } from '@lotwise/contracts/review/review';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatCrypto } from '@/lib/format/amount';

const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const day = (iso: string) => DATE.format(Date.parse(iso));

/** One finding: what was found, where and when, and the answers to it as buttons. */
export function FindingCard({
  finding,
  choices,
  busy,
  onChoose,
  extra,
}: {
  finding: Finding;
  choices: Array<{ value: string; label: string }>;
  busy: boolean;
  onChoose: (choice: string) => void;
  extra?: ReactNode;
}) {
  return (
    <Card withBorder radius="md" p="md" data-testid="finding">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={700}>
              {formatCrypto(finding.amount)} {finding.asset}
            </Text>
            <Text fz="xs" c="dimmed">
              {day(finding.date)} · {finding.account}
              {finding.counterpart
                ? ` → ${finding.counterpart.account}, ${day(finding.counterpart.date)}`
                : ''}
            </Text>
          </Stack>
        </Group>
        <Text fz="sm">{finding.detail}</Text>
        <Group gap="xs">
          {choices.map((c) => (
            <Button
              key={c.value}
              size="xs"
              variant={finding.suggested === c.value ? 'filled' : 'light'}
              disabled={busy}
              onClick={() => onChoose(c.value)}
            >
              {c.label}
            </Button>
          ))}
          {extra}
        </Group>
      </Stack>
    </Card>
  );
}
