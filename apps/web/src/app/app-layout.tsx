import { AppShell, Box, Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSparkles } from '@tabler/icons-react';
import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { AccountMenu } from '@/components/layouts/account-menu';
import { DesktopNav } from '@/components/layouts/desktop-nav';
import { MasqueradeBanner } from '@/components/layouts/masquerade-banner';
import { MobileBottomBar } from '@/components/layouts/mobile-bottom-bar';
import { MobileNavDrawer } from '@/components/layouts/mobile-nav-drawer';
import { bottomBarItems, navItems, showsUpgrade } from '@/components/layouts/nav-items';
import { NotWhileViewing } from '@/components/layouts/not-while-viewing';
import { SafeHarborBanner } from '@/components/layouts/safe-harbor-banner';
import { Logo } from '@/components/ui/logo';
import { LoadingState } from '@/components/ui/states';
import { TaxYearPicker } from '@/components/ui/tax-year-picker';
import { paths } from '@/config/paths';
import { AggregatorHandoff } from '@/features/imports/components/aggregator-handoff';
import { InvitationBanner } from '@/features/taxpro/components/invitation-banner';
import { useTaxYear } from '@/hooks/use-tax-year';
import { isCpaOnly, isCustomer, isUsRegion } from '@/lib/access/roles';
import { blockedWhileViewing, withoutClientOnly } from '@/lib/access/viewing-client';
import { useBillingEnabled } from '@/lib/billing-status';
import { useSession, useUser } from '@/lib/session/session';

/** The signed-in shell: header navigation on desktop, bottom bar below 768 px. */
export function AppLayout() {
  const user = useUser();
  const { data: session } = useSession();
  const masquerade = session?.masquerade ?? null;
  const [opened, { toggle, close }] = useDisclosure(false);
  const [taxYear] = useTaxYear();
  const { pathname } = useLocation();
  // Inside a client's account: no link, button or page for what the client keeps to themselves.
  const items = masquerade ? withoutClientOnly(navItems(user)) : navItems(user);
  const bottom = bottomBarItems(user);
  const customer = isCustomer(user);
  // Billing off (the default): no Upgrade button and no Billing item.
  const billing = useBillingEnabled(customer) && !masquerade;
  const headerHeight = masquerade ? { base: 60 + 78, sm: 60 + 38 } : 60;
  return (
    <AppShell
      header={{ height: headerHeight }}
      footer={{ height: 64, collapsed: bottom.length === 0 }}
      padding={0}
    >
      <AppShell.Header>
        {masquerade ? <MasqueradeBanner masquerade={masquerade} /> : null}
        <Group h={60} px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="lg" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" aria-label="Open menu" size="sm" />
            <Logo to={isCpaOnly(user) ? paths.taxPro.dashboard.path : paths.home.path} />
            <DesktopNav items={items} />
          </Group>
          <Group gap="sm" wrap="nowrap">
            {customer ? (
              <Box visibleFrom="md">
                <TaxYearPicker size="xs" />
              </Box>
            ) : null}
            {showsUpgrade(user, billing) ? (
              <Button
                component={Link}
                to={paths.pricing.getHref({ callUrl: 'settings', taxYear })}
                size="xs"
                variant="gradient"
                gradient={{ from: 'teal.7', to: 'teal.5' }}
                leftSection={<IconSparkles size={14} />}
                data-testid="upgrade-button"
              >
                Upgrade
              </Button>
            ) : null}
            <AccountMenu user={user} billingEnabled={billing} viewingClient={masquerade !== null} />
          </Group>
        </Group>
      </AppShell.Header>
      <MobileNavDrawer opened={opened} onClose={close} items={items} showTaxYear={customer} />
      <AppShell.Main bg="gray.0" mih="100dvh">
        <Container size="lg" py={{ base: 'md', sm: 'xl' }} px="md">
          {customer && !masquerade && isUsRegion(user.country_code) ? (
            <SafeHarborBanner dismissedOnServer={user.safe_harbor_dismissed} />
          ) : null}
          {customer && !masquerade ? <InvitationBanner /> : null}
          {masquerade ? null : <AggregatorHandoff />}
          {masquerade && blockedWhileViewing(pathname) ? (
            <NotWhileViewing />
          ) : (
            <Suspense fallback={<LoadingState />}>
              <Outlet />
            </Suspense>
          )}
        </Container>
      </AppShell.Main>
      {bottom.length > 0 ? (
        <AppShell.Footer hiddenFrom="sm">
          <MobileBottomBar items={bottom} />
        </AppShell.Footer>
      ) : null}
    </AppShell>
  );
}
