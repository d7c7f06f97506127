import { NotificationChoice } from '@/features/onboarding/components/notification-choice';

export default function EmailNotificationRoute() {
  return <NotificationChoice kind="email" />;
}
