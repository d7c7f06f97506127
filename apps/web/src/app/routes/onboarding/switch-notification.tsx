import { NotificationChoice } from '@/features/onboarding/components/notification-choice';

export default function SwitchNotificationRoute() {
  return <NotificationChoice kind="switch" />;
}
