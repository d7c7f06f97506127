import { Badge, Divider, Drawer, NavLink as MantineNavLink, Stack } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { TaxYearPicker } from '@/components/ui/tax-year-picker';
import type { NavItem } from './nav-items';

function DrawerItem({
  item,
  onNavigate,
  pathname,
}: {
  item: NavItem;
  onNavigate: () => void;
  pathname: string;
}) {
  const badge = item.badge ? (
    <Badge size="xs" variant="light" color="grape">
      {item.badge}
    </Badge>
  ) : undefined;
  if (item.children) {
    return (
      <MantineNavLink label={item.label} defaultOpened childrenOffset={12}>
        {item.children.map((child) => (
          <DrawerItem key={child.label} item={child} onNavigate={onNavigate} pathname={pathname} />
        ))}
      </MantineNavLink>
    );
  }
  if (item.href) {
    return (
      <MantineNavLink
        component="a"
        href={item.href}
        target="_blank"
        rel="noreferrer"
        label={item.label}
        rightSection={<IconExternalLink size={14} />}
      />
    );
  }
  return (
    <MantineNavLink
      component={Link}
      to={item.to ?? '/'}
      label={item.label}
      rightSection={badge}
      active={pathname === item.to}
      onClick={onNavigate}
    />
  );
}

/** The full menu on small screens, opened from the header burger. */
export function MobileNavDrawer({
  opened,
  onClose,
  items,
  showTaxYear,
}: {
  opened: boolean;
  onClose: () => void;
  items: NavItem[];
  showTaxYear: boolean;
}) {
  const { pathname } = useLocation();
  return (
    <Drawer opened={opened} onClose={onClose} title="Menu" size="80%" hiddenFrom="sm">
      <Stack gap={0} component="nav" aria-label="Mobile menu">
        {showTaxYear ? (
          <>
            <TaxYearPicker />
            <Divider my="sm" />
          </>
        ) : null}
        {items.map((item) => (
          <DrawerItem key={item.label} item={item} onNavigate={onClose} pathname={pathname} />
        ))}
      </Stack>
    </Drawer>
  );
}
