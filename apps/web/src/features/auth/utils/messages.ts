import { ApiError, errorText } from '@/lib/api-client';

/**
 * Messages for the sign-in, sign-up and reset forms. The server's messages are written for
 * people (e.g. 'The e-mail or password is not correct.'), so they are shown as they are;
 * only a missing message falls back to a text per error code.
 */
const FALLBACK: Partial<Record<ApiError['code'], string>> = {
  invalid_credentials: 'The e-mail or password is not correct.',
  email_taken: 'An account with this e-mail already exists. Log in instead.',
  weak_password: 'Choose a stronger password.',
  invalid_token: 'This link or sign-in has expired. Please start again.',
  invalid_mfa_code: 'That code is not correct. Check your authenticator app and try again.',
  rate_limited: 'Too many attempts. Please wait a minute and try again.',
  payment_required: 'This needs a tax plan for the year. Choose a plan to continue.',
};

export function authErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return errorText(error);
  return error.display || FALLBACK[error.code] || errorText(error);
}

/** Spec 01 §5, for flows that send codes by e-mail. */
export const CODE_RESENT_MESSAGE =
  "We resent the code to your email. If you still haven't received the code try again after a minute.";
