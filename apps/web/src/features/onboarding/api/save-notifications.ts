import { saveNotifications } from '@lotwise/contracts/onboarding/onboarding';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { sessionKeys } from '@/lib/session/session';

export type NotificationChoices = { email_notifications?: boolean; switch_notifications?: boolean };

export const saveNotificationsRequest = (body: NotificationChoices) => callApi(saveNotifications, { body });

export function useSaveNotifications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationsRequest,
    meta: { inlineError: true },
    onSuccess: () => client.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
