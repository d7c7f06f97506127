import { Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { AccountTypeForm } from '@/features/settings/components/account-type-form';
import { ChangePasswordForm } from '@/features/settings/components/change-password-form';
import { MfaPanel } from '@/features/settings/components/mfa-panel';
import { PreferencesForm } from '@/features/settings/components/preferences-form';
import { ProfileForm } from '@/features/settings/components/profile-form';

/** /tax_pro/settings/profile and /tax_pro/settings#mfa-security: one page for tax professionals. */
export default function TaxProSettingsRoute() {
  const { hash } = useLocation();
  useEffect(() => {
    // /tax_pro/settings#mfa-security: the panel renders after the lazy route loads, so scroll here.
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return (
    <>
      <PageHeader title="Settings" description="Your profile, password and sign-in security." />
      <Stack gap="lg">
        <ProfileForm />
        <AccountTypeForm />
        <PreferencesForm />
        <ChangePasswordForm />
        <MfaPanel />
      </Stack>
    </>
  );
}
