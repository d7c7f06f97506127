import { createHash, randomBytes } from 'node:crypto';

/** A random, URL-safe secret for cookies, links and challenges. */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Only hashes of secrets are stored, so a leaked database holds no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
