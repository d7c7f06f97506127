import { PageHeader } from '@/components/ui/page-header';
import { MfaPanel } from '@/features/settings/components/mfa-panel';
import { SettingsTabs } from '@/features/settings/components/settings-tabs';

export default function MfaSecurityRoute() {
  return (
    <>
      <PageHeader title="Settings" description="Your profile, password and sign-in security." />
      <SettingsTabs active="mfa" />
      <MfaPanel />
    </>
  );
}
