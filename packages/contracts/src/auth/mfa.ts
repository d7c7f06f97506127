import { z } from 'zod';
import { defineCall, successStatus } from '../http.ts';

export const mfaStatus = defineCall({
  method: 'GET',
  path: '/api/users/mfa',
  summary: 'Whether TOTP is on and how many recovery codes are left',
  tag: 'mfa',
  response: z.object({ enabled: z.boolean(), recovery_codes_left: z.number().int() }),
});

export const mfaSetup = defineCall({
  method: 'POST',
  path: '/api/users/mfa/setup',
  summary: 'Start TOTP set-up: a new secret and its QR code (not active until confirmed)',
  tag: 'mfa',
  response: z.object({ secret: z.string(), otpauth_url: z.string(), qr_code: z.string() }),
});

export const mfaEnable = defineCall({
  method: 'POST',
  path: '/api/users/mfa/enable',
  summary: 'Confirm set-up with a code; answers the one-time recovery codes',
  tag: 'mfa',
  body: z.object({
    code: z
      .string()
      .max(20, 'Enter the 6-digit code from your authenticator app')
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
  }),
  response: z.object({ status: z.literal('success'), recovery_codes: z.array(z.string()) }),
});

export const mfaDisable = defineCall({
  method: 'POST',
  path: '/api/users/mfa/disable',
  summary: 'Turn TOTP off (needs a current code or a recovery code)',
  tag: 'mfa',
  body: z.object({ code: z.string().trim().min(6).max(20) }),
  response: successStatus,
});
