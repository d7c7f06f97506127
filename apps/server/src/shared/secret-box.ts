import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

/**
 * Connected sources' secrets (exchange API keys and secrets, issue 18) at rest: AES-256-GCM,
 * a fresh 96-bit nonce per secret, the tag checked on open. Stored as "v1:" + base64 of
 * nonce | tag | ciphertext; the plain text is never stored, returned by a call or logged.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== KEY_BYTES) throw new Error(`secret key must be ${KEY_BYTES} bytes, not ${key.length}`);
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  /** Throws when the text was altered or sealed with another key. */
  open(sealed: string): string {
    const [version, data] = sealed.split(':', 2);
    if (version !== VERSION || !data) throw new Error('not a sealed secret');
    const raw = Buffer.from(data, 'base64');
    if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  }
}

/** A key given as 64 hex characters or as base64 of 32 bytes. */
function parseKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  if (key.length !== KEY_BYTES) {
    throw new Error('LOTWISE_SECRET_KEY must be 32 bytes: 64 hex characters or 44 base64 characters');
  }
  return key;
}

/**
 * The key from LOTWISE_SECRET_KEY, else from `<dataDir>/secret.key`, created on first start
 * with 0600 permissions. Several processes starting together: the first to create the file
 * wins ('wx'), the others read it.
 */
export function loadSecretKey(options: { envKey?: string | undefined; dataDir: string }): Buffer {
  if (options.envKey) return parseKey(options.envKey);
  const file = path.join(options.dataDir, 'secret.key');
  try {
    mkdirSync(options.dataDir, { recursive: true });
    writeFileSync(file, randomBytes(KEY_BYTES).toString('base64'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // A copied data folder may have lost the mode: keep the key readable by its owner only.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return parseKey(readFileSync(file, 'utf8'));
}
