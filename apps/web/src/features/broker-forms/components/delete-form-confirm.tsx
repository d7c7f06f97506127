import type { BrokerForm } from '@lotwise/contracts/tax/broker-forms';
import { List, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/**
 * Asks before a 1099-DA is removed, naming it (account, year, lines) and what removing does. A
 * managed modal, so the list refetching underneath does not close it.
 */
export function confirmDeleteForm(form: BrokerForm, onConfirm: () => void): void {
  const lines = `${form.lines} ${form.lines === 1 ? 'line' : 'lines'}`;
  modals.openConfirmModal({
    title: `Remove the 1099-DA of ${form.account_name} for ${form.tax_year}?`,
    centered: true,
    children: (
      <Stack gap="xs" data-testid="delete-form-confirm">
        <Text fz="sm">
          The Form 1099-DA of {form.account_name} for {form.tax_year}, {lines}
          {form.file_name ? ` from ${form.file_name}` : ' typed in'}, is removed from Lotwise.
        </Text>
        <List size="sm" spacing={2}>
          <List.Item>Its lines leave the tie-out.</List.Item>
          <List.Item>
            Your Form 8949 writes those sales on box I or L (not reported on a 1099) until you add the form
            again.
          </List.Item>
          <List.Item>Its federal tax withheld (box 4) leaves the year’s total.</List.Item>
          <List.Item>Your transactions are not changed.</List.Item>
        </List>
      </Stack>
    ),
    labels: { confirm: 'Remove the form', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
