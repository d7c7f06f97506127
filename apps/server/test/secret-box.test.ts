import { chmodSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSecretKey, SecretBox } from '../src/shared/secret-box.ts';

describe('secrets at rest (AES-256-GCM)', () => {
  const key = Buffer.alloc(32, 7);

  it('seals with a fresh nonce each time and opens what it sealed', () => {
    const box = new SecretBox(key);
    const a = box.seal('kraken-secret-ÅÄÖ');
    const b = box.seal('kraken-secret-ÅÄÖ');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1:/);
    expect(a).not.toContain('kraken');
    expect(box.open(a)).toBe('kraken-secret-ÅÄÖ');
    expect(box.open(b)).toBe('kraken-secret-ÅÄÖ');
  });

  it('refuses altered text, another key and garbage', () => {
    const sealed = new SecretBox(key).seal('api-secret');
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(() => new SecretBox(key).open(`v1:${raw.toString('base64')}`)).toThrow();
    expect(() => new SecretBox(Buffer.alloc(32, 8)).open(sealed)).toThrow();
    expect(() => new SecretBox(key).open('plain text')).toThrow('not a sealed secret');
    expect(() => new SecretBox(Buffer.alloc(16))).toThrow('secret key must be 32 bytes, not 16');
  });

  it('creates the key file once, with 0600, and reads it back; takes a key from the environment', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lotwise-secret-'));
    const first = loadSecretKey({ dataDir: dir });
    const file = path.join(dir, 'secret.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSecretKey({ dataDir: dir }).equals(first)).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(first.toString('base64'));
    const hex = 'ab'.repeat(32);
    expect(loadSecretKey({ dataDir: dir, envKey: hex }).equals(Buffer.from(hex, 'hex'))).toBe(true);
    expect(() => loadSecretKey({ dataDir: dir, envKey: 'short' })).toThrow(
      /LOTWISE_SECRET_KEY must be 32 bytes/,
    );
    // A copied folder that lost the mode is tightened again.
    chmodSync(file, 0o644);
    expect(statSync(file).mode & 0o777).toBe(0o644);
    loadSecretKey({ dataDir: dir });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
