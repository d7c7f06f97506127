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

export function StepNotifications() {
  const user = useUser();
  const navigate = useNavigate();
  const [email, setEmail] = useState(user.email_notifications);
  const [inApp, setInApp] = useState(user.switch_notifications);
  const save = useSaveNotifications();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { email_notifications: email, switch_notifications: inApp },
      { onSuccess: () => navigate('/onboarding/step-5') },
    );
  };

  return (
    <OnboardingLayout
      step={4}
      title="How should we keep you posted?"
      subtitle="Imports and tax calculations run in the background."
    >
      <form onSubmit={onSubmit}>
        <Stack gap="md">
          <FormError message={save.isError ? errorText(save.error) : null} />
          <NotificationSwitches email={email} inApp={inApp} onEmail={setEmail} onInApp={setInApp} />
          <StepActions back="/onboarding/step-3" loading={save.isPending} />
        </Stack>
      </form>
    </OnboardingLayout>
  );
}
