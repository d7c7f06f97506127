import type { TransactionRow } from '@lotwise/contracts/transactions/transaction-row';
import { modals } from '@mantine/modals';
import type { EditorKind } from '../../utils/edit-form';
import { TransactionEditor } from './transaction-editor';

/** Mobile modal close animation (spec 02 §9). */
export const MOBILE_CLOSE_MS = 300;

/**
 * Opens the Update Transaction dialog: a Mantine modal on desktop, full screen below 768 px
 * sliding away in 300 ms. A managed modal, so a list refetch that remounts the row keeps it.
 */
export function openEditDialog(row: TransactionRow, editor: EditorKind, mobile: boolean): void {
  const id = `edit-transaction-${row.id}`;
  modals.open({
    modalId: id,
    title: 'Update Transaction',
    size: 'lg',
    fullScreen: mobile,
    centered: !mobile,
    transitionProps: mobile ? { transition: 'slide-up', duration: MOBILE_CLOSE_MS } : { duration: 150 },
    children: <TransactionEditor row={row} editor={editor} onClose={() => modals.close(id)} />,
  });
}
