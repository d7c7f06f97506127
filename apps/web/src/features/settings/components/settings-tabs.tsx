import { Tabs } from '@mantine/core';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { showsBilling } from '@/lib/access/roles';
import { useBillingEnabled } from '@/lib/billing-status';
import { useSession, useUser } from '@/lib/session/session';

type Tab = 'profile' | 'billing' | 'mfa' | 'prices';

const TARGETS: Record<Tab, string> = {
  profile: paths.settings.profile.path,
  billing: paths.settings.billingHistory.path,
  mfa: paths.settings.mfaSecurity.path,
  prices: paths.settings.prices.path,
};

/**
 * Settings sections; Billing only for customers, and only when billing is on: with billing off
 * there is no Billing tab anywhere, not even on /settings/billing-history typed in (issue 35.9).
 */
export function SettingsTabs({ active }: { active: Tab }) {
  const user = useUser();
  const navigate = useNavigate();
  const billing = useBillingEnabled(showsBilling(user));
  // Inside a client's account only their price files are offered (issue 32): not their profile,
  // two-factor or billing.
  const viewingClient = Boolean(useSession().data?.masquerade);
  if (viewingClient) return null;
  return (
    <Tabs value={active} onChange={(v) => v && navigate(TARGETS[v as Tab])} mb="lg">
      <Tabs.List>
        <Tabs.Tab value="profile">Profile</Tabs.Tab>
        {showsBilling(user) && billing ? <Tabs.Tab value="billing">Billing</Tabs.Tab> : null}
        <Tabs.Tab value="mfa">MFA &amp; Security</Tabs.Tab>
        <Tabs.Tab value="prices">Prices</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
