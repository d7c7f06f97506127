import { Button, Group, Select, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';

/** Answers every open finding of the wizard at once, after saying how many will change. */
export function BulkAnswer({
  total,
  choices,
  busy,
  onAnswer,
}: {
  total: number;
  choices: Array<{ value: string; label: string }>;
  busy: boolean;
  onAnswer: (choice: string) => void;
}) {
  const [choice, setChoice] = useState<string | null>(
    choices.length === 1 ? (choices[0]?.value ?? null) : null,
  );
  if (total < 2 || choices.length === 0) return null;
  const label = choices.find((c) => c.value === choice)?.label ?? '';
  return (
    <Group gap="xs" align="flex-end" data-testid="bulk-answer">
      {choices.length > 1 ? (
        <Select
          label={`Answer all ${total.toLocaleString('en-US')}`}
          placeholder="Choose an answer"
          data={choices}
          value={choice}
          onChange={setChoice}
          w={240}
          comboboxProps={{ withinPortal: true }}
        />
      ) : (
        <Text fz="sm" fw={600}>
          All {total.toLocaleString('en-US')}:
        </Text>
      )}
      <Button
        variant="outline"
        disabled={!choice || busy}
        onClick={() =>
          choice &&
          modals.openConfirmModal({
            title: 'Answer them all',
            children: (
              <Text fz="sm">
                {total.toLocaleString('en-US')} transactions will be marked “{label}”. You can change any of
                them later from the transactions list.
              </Text>
            ),
            labels: { confirm: `Apply to ${total.toLocaleString('en-US')}`, cancel: 'Cancel' },
            onConfirm: () => onAnswer(choice),
          })
        }
      >
        {choices.length > 1 ? 'Apply to all' : `${label} — apply to all`}
      </Button>
    </Group>
  );
}
