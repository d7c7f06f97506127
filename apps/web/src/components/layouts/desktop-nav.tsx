import { Badge, Group, Menu } from '@mantine/core';
import { IconChevronDown, IconExternalLink } from '@tabler/icons-react';
import { Link, NavLink } from 'react-router';
import type { NavItem } from './nav-items';
import classes from './shell.module.css';

function ItemLabel({ item }: { item: NavItem }) {
  return (
    <>
      {item.label}
      {item.badge ? (
        <Badge size="xs" variant="light" color="grape" className={classes.navBadge}>
          {item.badge}
        </Badge>
      ) : null}
    </>
  );
}

function NavEntry({ item }: { item: NavItem }) {
  if (item.children) {
    return (
      <Menu position="bottom-start" shadow="md" withinPortal>
        <Menu.Target>
          <button type="button" className={classes.navLink}>
            {item.label}
            <IconChevronDown size={14} />
          </button>
        </Menu.Target>
        <Menu.Dropdown mah={358} style={{ overflowY: 'auto' }}>
          {item.children.map((child) =>
            child.href ? (
              <Menu.Item key={child.label} component="a" href={child.href} target="_blank" rel="noreferrer">
                {child.label}
              </Menu.Item>
            ) : (
              <Menu.Item key={child.label} component={Link} to={child.to ?? '/'}>
                {child.label}
              </Menu.Item>
            ),
          )}
        </Menu.Dropdown>
      </Menu>
    );
  }
  if (item.href) {
    return (
      <a className={classes.navLink} href={item.href} target="_blank" rel="noreferrer">
        {item.label}
        <IconExternalLink size={13} />
      </a>
    );
  }
  return (
    <NavLink to={item.to ?? '/'} end={item.to === '/'} className={classes.navLink}>
      <ItemLabel item={item} />
    </NavLink>
  );
}

/** Header navigation from 768 px up. */
export function DesktopNav({ items }: { items: NavItem[] }) {
  return (
    <Group component="nav" aria-label="Main" gap={2} wrap="nowrap" visibleFrom="sm">
      {items.map((item) => (
        <NavEntry key={item.label} item={item} />
      ))}
    </Group>
  );
}
