import type { User } from '@lotwise/contracts/users/user';
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconCreditCard, IconHelp, IconLogout, IconSettings, IconShieldLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { withoutClientOnly } from '@/lib/access/viewing-client';
import { shortenEmail } from '@/lib/format/text';
import { useLogout } from '@/lib/session/logout';
import { accountMenuItems } from './nav-items';

const ICONS: Record<string, React.ReactNode> = {
  Settings: <IconSettings size={16} />,
  Billing: <IconCreditCard size={16} />,
  Support: <IconHelp size={16} />,
  Administration: <IconShieldLock size={16} />,
};

function initials(user: User): string {
  const first = user.first_name?.[0] ?? user.email[0] ?? '?';
  const last = user.last_name?.[0] ?? '';
  return `${first}${last}`.toUpperCase();
}

/** Account menu: Settings, Billing (customers only), Support, Sign Out. */
export function AccountMenu({
  user,
  billingEnabled,
  viewingClient = false,
}: {
  user: User;
  billingEnabled: boolean;
  /** Inside a client's account: no Settings (their profile, password, two-factor) and no Billing. */
  viewingClient?: boolean;
}) {
  const items = accountMenuItems(user, billingEnabled);
  const logout = useLogout();
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return (
    <Menu position="bottom-end" shadow="md" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="Account menu">
          <Group gap={8} wrap="nowrap">
            <Avatar radius="xl" size={34} color="teal">
              {initials(user)}
            </Avatar>
            <Text fz="sm" fw={500} visibleFrom="lg" maw={180} truncate>
              {name || shortenEmail(user.email)}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{shortenEmail(user.email)}</Menu.Label>
        {(viewingClient ? withoutClientOnly(items) : items).map((item) =>
          item.href ? (
            <Menu.Item
              key={item.label}
              component="a"
              href={item.href}
              target="_blank"
              rel="noreferrer"
              leftSection={ICONS[item.label]}
            >
              {item.label}
            </Menu.Item>
          ) : (
            <Menu.Item key={item.label} component={Link} to={item.to ?? '/'} leftSection={ICONS[item.label]}>
              {item.label}
            </Menu.Item>
          ),
        )}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => logout.mutate()}>
          Sign Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
