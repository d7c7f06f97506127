import { SWITCH_TRADE_TYPES } from '@lotwise/contracts/transactions/edit/group';
import type { TransactionRow } from '@lotwise/contracts/transactions/transaction-row';
import { Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { errorText } from '@/lib/api-client';
import { formatCrypto } from '@/lib/format/amount';
import { useGroupStaking, useReclassifySwitchTrade, useUngroupTransaction } from '../../api/edit/bulk';

const failed = (error: unknown) => notifications.show({ color: 'red', message: errorText(error) });
const done = (message: string) => notifications.show({ color: 'green', message });

/**
 * A group row's items (spec 02 §4): Ungroup; an outgoing group as Staking Lockup or back to
 * Outgoing; each incoming item as Staking Reward or Staking Return; a switch-trade group
 * (both directions) reclassified as another switch-trade type.
 */
export function GroupMenuItems({ row }: { row: TransactionRow }) {
  const ungroup = useUngroupTransaction();
  const staking = useGroupStaking();
  const reclassify = useReclassifySwitchTrade();
  const incoming = row.incoming.filter((l) => !l.ignored);
  const outgoing = row.outgoing.filter((l) => !l.ignored);
  const locked = outgoing.length > 0 && outgoing.every((l) => l.user_defined_type === 'staking_lockup');
  const opts = { onSuccess: (r: { message: string }) => done(r.message), onError: failed };
  return (
    <>
      {outgoing.length > 0 && incoming.length === 0 ? (
        <Menu.Item
          onClick={() =>
            staking.mutate({ id: row.id, type: locked ? 'external_transfer' : 'staking_lockup' }, opts)
          }
        >
          {locked ? 'Mark as Outgoing' : 'Mark as Staking Lockup'}
        </Menu.Item>
      ) : null}
      {incoming.map((l) => {
        const what = `${formatCrypto(l.to_amount)} ${l.to_currency ?? ''}`.trim();
        return ['staking_reward', 'staking_return'].map((t) =>
          l.user_defined_type === t ? null : (
            <Menu.Item
              key={`${l.id}-${t}`}
              onClick={() =>
                staking.mutate({ id: l.id, type: t as 'staking_reward' | 'staking_return' }, opts)
              }
            >
              Mark {what} as {t === 'staking_reward' ? 'Staking Reward' : 'Staking Return'}
            </Menu.Item>
          ),
        );
      })}
      {incoming.length > 0 && outgoing.length > 0 ? (
        <>
          <Menu.Label>Reclassify as</Menu.Label>
          {SWITCH_TRADE_TYPES.filter((t) => t.value !== row.gt_user_defined_type).map((t) => (
            <Menu.Item
              key={t.value}
              onClick={() =>
                reclassify.mutate(
                  { group_id: row.gt_id ?? row.id, type: t.value },
                  {
                    onSuccess: (r) => {
                      if (r.status === 'Success') done(r.message);
                    },
                    onError: failed,
                  },
                )
              }
            >
              {t.label}
            </Menu.Item>
          ))}
          <Menu.Divider />
        </>
      ) : null}
      <Menu.Item onClick={() => ungroup.mutate(row.gt_id ?? row.id, opts)}>Ungroup</Menu.Item>
    </>
  );
}
