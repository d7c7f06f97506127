import { sendDesktopLink } from '@lotwise/contracts/onboarding/onboarding';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const sendDesktopLinkRequest = (redirectTo: string) =>
  callApi(sendDesktopLink, { body: { redirectTo } });

/** E-mails a link to continue on a computer; a failure is only logged (spec 01 §8). */
export function useSendDesktopLink() {
  return useMutation({
    mutationFn: sendDesktopLinkRequest,
    meta: { inlineError: true },
    onError: (error) => console.error('Desktop link failed', error),
  });
}
