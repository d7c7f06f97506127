import { StepNotifications } from '@/features/onboarding/components/step-notifications';

export default function StepNotificationsRoute() {
  return <StepNotifications />;
}
