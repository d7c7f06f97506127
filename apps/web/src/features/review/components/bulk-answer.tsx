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
  const [picked, setPicked] = useState<string | null>(null);
  // Only an answer this wizard offers: a choice left from another wizard's list never counts.
  const offered = choices.find((c) => c.value === picked) ?? (choices.length === 1 ? choices[0] : undefined);
  const choice = offered?.value ?? null;
  const setChoice = setPicked;
  if (total < 2 || choices.length === 0) return null;
  const label = offered?.label ?? '';
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
                {choice === 'fetch'
                  ? `The price providers will be asked again for all ${total.toLocaleString('en-US')} transactions.`
                  : `${total.toLocaleString('en-US')} transactions will be marked “${label}”. You can change any of them later from the transactions list.`}
              </Text>
            ),
            labels: { confirm: `Apply to ${total.toLocaleString('en-US')}`, cancel: 'Cancel' },
            onConfirm: () => onAnswer(choice),
          })
        }
      >
        {choices.length > 1 ? 'Apply to all' : `${label}: apply to all`}
      </Button>
    </Group>
  );
}
