import { Stack } from '@mantine/core';
import { PageHeader } from '@/components/ui/page-header';
import { ChangePasswordForm } from '@/features/settings/components/change-password-form';
import { MfaPanel } from '@/features/settings/components/mfa-panel';
import { ProfileForm } from '@/features/settings/components/profile-form';

/** /tax_pro/settings/profile and /tax_pro/settings#mfa-security: one page for tax professionals. */
export default function TaxProSettingsRoute() {
  return (
    <>
      <PageHeader title="Settings" description="Your profile, password and sign-in security." />
      <Stack gap="lg">
        <ProfileForm />
        <ChangePasswordForm />
        <MfaPanel />
      </Stack>
    </>
  );
}
