import { DELETED_MESSAGE } from '@lotwise/contracts/transactions/edit/calls';
import { PAIR_KINDS, type PairKind } from '@lotwise/contracts/transactions/edit/pairs';
import { allowedTypes, menuLabel, type UserDefinedType } from '@lotwise/contracts/transactions/edit/types';
import type { TransactionRow } from '@lotwise/contracts/transactions/transaction-row';
import { ActionIcon, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { errorText } from '@/lib/api-client';
import { useDeleteTransactions, useToggleIgnore, useUpdateTransactionType } from '../../api/edit/row-actions';
import { useLayout } from '../../hooks/use-layout';
import { openEditDialog } from '../edit-dialog/open-edit-dialog';
import { openPairDialog } from '../pair-dialogs/pair-dialog';
import { confirmDelete } from './delete-confirm';
import { GroupMenuItems } from './group-items';

/**
 * Self Transfer, Switch Trade and Rebrand on a single incoming or outgoing item open their
 * pair dialog (spec 02 §4); on other rows they are plain marks.
 */
function pairKindOf(row: TransactionRow, type: UserDefinedType): PairKind | null {
  const oneLeg = (row.from_currency === null) !== (row.to_currency === null);
  const kind = PAIR_KINDS.find((k) => k === type) ?? null;
  return kind !== null && oneLeg && (row.type === 'buy' || row.type === 'sell') ? kind : null;
}

const PAIR_LABELS: Record<PairKind, string> = {
  self_transfer: 'Self Transfer',
  switch_trade: 'Switch Trade',
  swap: 'Rebrand',
};

const failed = (error: unknown) => notifications.show({ color: 'red', message: errorText(error) });

/** A row's actions (spec 02 §3–§5): Edit, the type marks it allows, Ignore / Enable and Delete. */
export function RowMenu({ row }: { row: TransactionRow }) {
  const updateType = useUpdateTransactionType();
  const toggle = useToggleIgnore();
  const remove = useDeleteTransactions();
  const { layout } = useLayout();
  const mobile = useIsMobile();

  if (updateType.isPending || toggle.isPending) {
    return (
      <Text fz="xs" c="dimmed" data-testid="row-updating">
        updating...
      </Text>
    );
  }

  const types = allowedTypes(row);
  const marks = types.filter((t) => t !== 'ignore' && t !== 'ignore_reset');
  const choose = (type: UserDefinedType) => {
    const pairKind = pairKindOf(row, type);
    if (pairKind !== null) openPairDialog(pairKind, row);
    else if (type === 'ignore' || type === 'ignore_reset') {
      toggle.mutate({ ids: [row.id], is_ignore: type === 'ignore' }, { onError: failed });
    } else {
      updateType.mutate({ id: row.id, type }, { onError: failed });
    }
  };
  const onDelete = () =>
    confirmDelete(() => {
      remove([row.id]).then(
        () => notifications.show({ color: 'green', message: DELETED_MESSAGE, autoClose: 3000 }),
        failed,
      );
    });

  return (
    // flip/shift/size keep the whole menu on screen beside the last row and at 375 px.
    <Menu
      shadow="md"
      position="bottom-end"
      withinPortal
      middlewares={{ flip: true, shift: { padding: 8 }, size: true }}
    >
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Actions for transaction ${row.id}`}>
          ⋯
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown mah={360} style={{ overflowY: 'auto' }}>
        {row.type !== 'transfer' ? (
          <Menu.Item
            onClick={() => openEditDialog(row, layout === 'grouped_revamp' ? 'revamp' : 'legacy', mobile)}
          >
            Edit
          </Menu.Item>
        ) : null}
        {row.is_grouped_transaction && !row.ignored ? (
          <GroupMenuItems row={row} />
        ) : (
          marks.map((t) => (
            <Menu.Item key={t} onClick={() => choose(t)}>
              {(() => {
                const pk = pairKindOf(row, t);
                return pk === null ? menuLabel(row, t) : PAIR_LABELS[pk];
              })()}
            </Menu.Item>
          ))
        )}
        {types.includes('ignore') ? (
          <Menu.Item onClick={() => choose('ignore')}>{menuLabel(row, 'ignore')}</Menu.Item>
        ) : null}
        {types.includes('ignore_reset') ? (
          <Menu.Item onClick={() => choose('ignore_reset')}>{menuLabel(row, 'ignore_reset')}</Menu.Item>
        ) : null}
        {row.exchange_name === 'Manual' && !row.ignored ? (
          <Menu.Item color="red" onClick={onDelete}>
            Delete Transaction
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
