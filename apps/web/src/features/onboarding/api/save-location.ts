import { saveLocation } from '@lotwise/contracts/onboarding/onboarding';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { sessionKeys } from '@/lib/session/session';

export const saveLocationRequest = (countryCode: string) =>
  callApi(saveLocation, { body: { country_code: countryCode } });

export function useSaveLocation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveLocationRequest,
    meta: { inlineError: true },
    onSuccess: () => client.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
