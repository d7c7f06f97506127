import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/**
 * Spec 02 §8: 'Are you sure? Once deleted, your data will be lost.' (Cancel / Delete).
 * A managed modal, so a list refetch that remounts the row does not close it.
 */
export function confirmDelete(onConfirm: () => void): void {
  modals.openConfirmModal({
    title: 'Delete transaction',
    centered: true,
    children: <Text>Are you sure? Once deleted, your data will be lost.</Text>,
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
