import { IconArrowsExchange, IconChartPie, IconReceiptTax, IconWallet } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import type { NavItem } from './nav-items';
import classes from './shell.module.css';

const ICONS: Record<string, ReactNode> = {
  Wallets: <IconWallet size={22} />,
  Transactions: <IconArrowsExchange size={22} />,
  'Tax Center': <IconReceiptTax size={22} />,
  Holdings: <IconChartPie size={22} />,
};

/** Bottom bar below 768 px: Wallets, Transactions, Tax Center, Holdings. */
export function MobileBottomBar({ items }: { items: NavItem[] }) {
  return (
    <nav aria-label="Bottom navigation" className={classes.bottomBar}>
      {items.map((item) => (
        <NavLink key={item.label} to={item.to ?? '/'} className={classes.bottomLink}>
          {ICONS[item.label]}
          {item.label}
        </NavLink>
      ))}
    </nav>
  );
}
