import { Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormError } from '@/components/ui/form-error';
import { errorText } from '@/lib/api-client';
import { useUser } from '@/lib/session/session';
import { useSaveNotifications } from '../api/save-notifications';
import { NotificationSwitches } from './notification-switches';
import { OnboardingLayout } from './onboarding-layout';
import { StepActions } from './step-actions';

/** /onboarding/email-notification and /onboarding/switch-notification: one choice each. */
export function NotificationChoice({ kind }: { kind: 'email' | 'switch' }) {
  const user = useUser();
  const navigate = useNavigate();
  const [value, setValue] = useState(kind === 'email' ? user.email_notifications : user.switch_notifications);
  const save = useSaveNotifications();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = kind === 'email' ? { email_notifications: value } : { switch_notifications: value };
    save.mutate(body, { onSuccess: () => navigate('/onboarding/step-5') });
  };

  return (
    <OnboardingLayout
      step={4}
      title={kind === 'email' ? 'E-mail notifications' : 'In-app notifications'}
      subtitle="You can change this any time in your settings."
    >
      <form onSubmit={onSubmit}>
        <Stack gap="md">
          <FormError message={save.isError ? errorText(save.error) : null} />
          {kind === 'email' ? (
            <NotificationSwitches email={value} onEmail={setValue} />
          ) : (
            <NotificationSwitches inApp={value} onInApp={setValue} />
          )}
          <StepActions back="/onboarding/step-4" loading={save.isPending} label="Save and continue" />
        </Stack>
      </form>
    </OnboardingLayout>
  );
}
