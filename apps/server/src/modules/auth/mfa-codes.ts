import { randomBytes } from 'node:crypto';
import { authenticator } from 'otplib';

// Accept the previous and next 30-second step too: phone clocks drift.
authenticator.options = { window: 1 };

export const TOTP_ISSUER = 'Lotwise';

export function newTotpSecret(): string {
  return authenticator.generateSecret();
}

export function totpUri(email: string, secret: string): string {
  return authenticator.keyuri(email, TOTP_ISSUER, secret);
}

export function checkTotp(code: string, secret: string): boolean {
  return /^\d{6}$/.test(code) && authenticator.check(code, secret);
}

/** Ten one-time recovery codes such as `7f3k-9q2m-xd`. */
export function newRecoveryCodes(count = 10): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(10);
    const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 10)}`;
  });
}

export function normaliseRecoveryCode(code: string): string {
  return code.trim().toLowerCase().replace(/\s+/g, '');
}
