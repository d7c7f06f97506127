import { saveCurrency } from '@lotwise/contracts/onboarding/onboarding';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { sessionKeys } from '@/lib/session/session';
import { onboardingKeys } from './keys';

export const saveCurrencyRequest = (body: { currency: string; timezone: string }) =>
  callApi(saveCurrency, { body });

export function useSaveCurrency() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCurrencyRequest,
    meta: { inlineError: true },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: sessionKeys.all });
      void client.invalidateQueries({ queryKey: onboardingKeys.timezoneOptions() });
    },
  });
}
