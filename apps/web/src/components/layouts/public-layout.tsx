import { AppShell, Burger, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { LoadingState } from '@/components/ui/states';
import { decidePublicPage } from '@/lib/access/guard';
import { useBillingEnabled } from '@/lib/billing-status';
import { COOKIES, readCookie } from '@/lib/cookies';
import { useSession } from '@/lib/session/session';
import { DesktopNav } from './desktop-nav';
import { MobileNavDrawer } from './mobile-nav-drawer';
import { navItems } from './nav-items';

/** Sign-in, sign-up and password pages, under the older logged-out navigation. */
export function PublicLayout() {
  const session = useSession();
  const { pathname, search } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const billing = useBillingEnabled();
  if (session.isPending) return <LoadingState fullPage />;
  const user = session.data?.user ?? null;
  const decision = decidePublicPage(user, pathname, search, readCookie(COOKIES.redirect));
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  // A signed-in user reaches a public page only for an invitation or a sign-up link: their own
  // navigation, not "Log In" (issue 35.10).
  const items = navItems(user, billing);
  return (
    <AppShell header={{ height: 60 }} padding={0}>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Logo to={user ? '/' : '/login'} />
          <DesktopNav items={items} />
          <Burger opened={opened} onClick={toggle} hiddenFrom="sm" aria-label="Open menu" size="sm" />
        </Group>
      </AppShell.Header>
      <MobileNavDrawer opened={opened} onClose={close} items={items} showTaxYear={false} />
      <AppShell.Main bg="gray.0" mih="100dvh">
        <Container size={480} py={{ base: 'lg', sm: 48 }} px="md">
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
