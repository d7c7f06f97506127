import type { TransactionKind } from '@lotwise/contracts/normalised';
import { Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { FormError } from '@/components/ui/form-error';
import { ApiError, errorText } from '@/lib/api-client';
import { useSaveManualEntry } from '../api/save-manual-entry';
import {
  buildManualEntry,
  type DraftErrors,
  EMPTY_DRAFT,
  KIND_OPTIONS,
  kindSides,
  type ManualEntryDraft,
} from '../utils/manual-entry';

/** A transaction typed in by hand, saved into the Manual account. */
export function ManualEntryForm({ onDone }: { onDone: () => void }) {
  const [draft, setDraft] = useState<ManualEntryDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<DraftErrors>({});
  const save = useSaveManualEntry();
  const sides = kindSides(draft.type);

  const field = (key: keyof ManualEntryDraft) => ({
    value: draft[key],
    error: errors[key],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setDraft((d) => ({ ...d, [key]: value }));
      setErrors((e) => ({ ...e, [key]: undefined }));
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const built = buildManualEntry(draft);
    if (!built.ok) {
      setErrors(built.errors);
      return;
    }
    save.mutate(built.body, {
      onSuccess: (result) => {
        notifications.show({ color: 'teal', message: result.message || 'Transaction saved successfully.' });
        setDraft(EMPTY_DRAFT);
        onDone();
      },
    });
  };

  const serverError = save.isError
    ? save.error instanceof ApiError
      ? save.error.display
      : errorText(save.error)
    : null;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <FormError message={serverError} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Date and time" type="datetime-local" required {...field('date')} />
          <Select
            label="Type"
            data={KIND_OPTIONS}
            value={draft.type}
            allowDeselect={false}
            onChange={(value) => value && setDraft((d) => ({ ...d, type: value as TransactionKind }))}
            comboboxProps={{ withinPortal: true }}
          />
          {sides.sent ? (
            <>
              <TextInput label="Sent currency" placeholder="USD" required {...field('from_currency')} />
              <TextInput label="Sent amount" inputMode="decimal" required {...field('from_amount')} />
            </>
          ) : null}
          {sides.received ? (
            <>
              <TextInput label="Received currency" placeholder="BTC" required {...field('to_currency')} />
              <TextInput label="Received amount" inputMode="decimal" required {...field('to_amount')} />
            </>
          ) : null}
          <TextInput label="Fee currency" placeholder="Optional" {...field('fee_currency')} />
          <TextInput label="Fee amount" inputMode="decimal" placeholder="Optional" {...field('fee_amount')} />
          <TextInput label="Value currency" placeholder="USD" {...field('fiat_currency')} />
          <TextInput label="Value" inputMode="decimal" placeholder="Optional" {...field('fiat_value')} />
        </SimpleGrid>
        <TextInput
          label="Label"
          placeholder="Optional, e.g. gift or airdrop"
          maxLength={40}
          {...field('label')}
        />
        <Textarea label="Comment" autosize minRows={2} maxLength={1000} {...field('comment')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save transaction
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
