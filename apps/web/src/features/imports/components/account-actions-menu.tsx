import type { ImportHistoryRow } from '@lotwise/contracts/imports/import-histories';
import { ActionIcon, Menu } from '@mantine/core';
import {
  IconDots,
  IconDownload,
  IconFilePlus,
  IconFlag,
  IconListDetails,
  IconPencil,
  IconPlugConnected,
  IconPlugConnectedX,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useRevokeOauth, useStartOauth } from '@/lib/api/oauth/oauth';
import { accountLabel } from '@/lib/import-state';
import { useSession } from '@/lib/session/session';
import { useResyncAccount } from '../api/api-imports';
import { useUpdateImportUsBased } from '../api/update-import-us-based';

export interface AccountActions {
  onAddFile: (row: ImportHistoryRow) => void;
  onRename: (row: ImportHistoryRow) => void;
  onDelete: (row: ImportHistoryRow) => void;
}

/** The per-account menu: add a file (or resync a connected one), uploads, rename, US-based flag, download, delete. */
export function AccountActionsMenu({ row, actions }: { row: ImportHistoryRow; actions: AccountActions }) {
  const usBased = useUpdateImportUsBased();
  const resync = useResyncAccount();
  const revoke = useRevokeOauth();
  const reconnect = useStartOauth();
  // Signing in to the client's exchange is the client's own consent, never an accountant's.
  const viewing = Boolean(useSession().data?.masquerade);
  const name = accountLabel(row);
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {row.type === 'csv' || row.type === 'wallet' ? (
          <Menu.Item leftSection={<IconFilePlus size={16} />} onClick={() => actions.onAddFile(row)}>
            Add a file
          </Menu.Item>
        ) : null}
        {row.type === 'api' ? (
          <Menu.Item leftSection={<IconRefresh size={16} />} onClick={() => resync.mutate(row.id)}>
            Resync
          </Menu.Item>
        ) : null}
        {row.oauth_status === 'active' ? (
          <Menu.Item leftSection={<IconPlugConnectedX size={16} />} onClick={() => revoke.mutate(row.id)}>
            Disconnect {row.account_name}
          </Menu.Item>
        ) : row.oauth_status && row.account_slug === 'coinbase' && !viewing ? (
          <Menu.Item
            leftSection={<IconPlugConnected size={16} />}
            onClick={() => reconnect.mutate({ provider: 'coinbase' })}
          >
            Connect with {row.account_name} again
          </Menu.Item>
        ) : null}
        <Menu.Item
          leftSection={<IconListDetails size={16} />}
          component={Link}
          to={`${paths.transactionSources.path}?account=${row.id}`}
        >
          View uploads
        </Menu.Item>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => actions.onRename(row)}>
          Rename
        </Menu.Item>
        <Menu.Item
          leftSection={<IconFlag size={16} />}
          onClick={() => usBased.mutate({ id: row.id, us_based: !row.us_based })}
        >
          {row.us_based ? 'Unmark as US Based' : 'Mark as US Based'}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconDownload size={16} />}
          component={Link}
          to={paths.settings.export.getHref({ id: row.id })}
        >
          Download transactions
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => actions.onDelete(row)}>
          Delete account
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
