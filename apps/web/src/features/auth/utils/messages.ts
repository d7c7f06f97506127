import { ApiError, errorText } from '@/lib/api-client';

/** Clear, specific messages for the sign-in, sign-up and reset forms. */
export function authErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return errorText(error);
  switch (error.code) {
    case 'invalid_credentials':
      return 'The e-mail address or password is incorrect.';
    case 'email_taken':
      return 'An account with this e-mail address already exists. Log in instead, or reset your password.';
    case 'weak_password':
      return error.display || 'Choose a stronger password.';
    case 'invalid_token':
      return 'This reset link has expired or has already been used. Request a new one below.';
    case 'invalid_mfa_code':
      return 'That code is not right. Check your authenticator app and try again.';
    case 'rate_limited':
      return 'Too many attempts. Please wait a minute and try again.';
    default:
      return error.display;
  }
}
