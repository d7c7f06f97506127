import { saveCurrency, saveNotifications } from '@lotwise/contracts/onboarding/onboarding';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { sessionKeys } from '@/lib/session/session';
import { settingsKeys } from './keys';

export interface Preferences {
  currency: string;
  timezone: string;
  email_notifications: boolean;
  switch_notifications: boolean;
}

/** POST /currency and POST /onboarding/notifications, saved together from the settings page. */
export async function savePreferencesRequest(p: Preferences): Promise<void> {
  await callApi(saveCurrency, { body: { currency: p.currency, timezone: p.timezone } });
  await callApi(saveNotifications, {
    body: { email_notifications: p.email_notifications, switch_notifications: p.switch_notifications },
  });
}

export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: savePreferencesRequest,
    meta: { inlineError: true },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: sessionKeys.all });
      void client.invalidateQueries({ queryKey: settingsKeys.preferenceOptions() });
    },
  });
}
