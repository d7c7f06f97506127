import { Stack } from '@mantine/core';
import { PageHeader } from '@/components/ui/page-header';
import { AccountTypeForm } from '@/features/settings/components/account-type-form';
import { BulkEditPreferenceForm } from '@/features/settings/components/bulk-edit-preference-form';
import { ChangePasswordForm } from '@/features/settings/components/change-password-form';
import { PreferencesForm } from '@/features/settings/components/preferences-form';
import { ProfileForm } from '@/features/settings/components/profile-form';
import { SettingsTabs } from '@/features/settings/components/settings-tabs';

export default function ProfileRoute() {
  return (
    <>
      <PageHeader title="Settings" description="Your profile, password and sign-in security." />
      <SettingsTabs active="profile" />
      <Stack gap="lg">
        <ProfileForm />
        <AccountTypeForm />
        <PreferencesForm />
        <BulkEditPreferenceForm />
        <ChangePasswordForm />
      </Stack>
    </>
  );
}
