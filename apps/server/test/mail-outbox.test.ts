import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { outboxMailer } from '../src/mail/mailer.js';

const dir = mkdtempSync(path.join(tmpdir(), 'lotwise-outbox-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('local outbox', () => {
  it('never shows a watcher a half-written message, and leaves only whole .json files', async () => {
    const mailer = outboxMailer(dir, 'Lotwise <no-reply@lotwise.local>', Fastify({ logger: false }).log);
    // Large bodies make a write take long enough for a reader to catch it midway.
    const body = `Reset your password: http://localhost/reset#token\n${'x'.repeat(400_000)}`;
    const torn: string[] = [];
    let reads = 0;
    let sending = true;
    const watcher = (async () => {
      while (sending) {
        for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
          reads++;
          try {
            JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
          } catch {
            torn.push(file);
          }
        }
        await new Promise((r) => setImmediate(r));
      }
    })();
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        mailer.send({ to: `user${i}@example.test`, subject: 'Reset', text: body }),
      ),
    );
    sending = false;
    await watcher;

    expect(reads).toBeGreaterThan(0);
    expect(torn).toEqual([]);
    const files = readdirSync(dir);
    expect(files.filter((f) => !f.endsWith('.json'))).toEqual([]);
    expect(files).toHaveLength(40);
    // The links inside are for the addressee alone.
    expect(statSync(path.join(dir, files[0] as string)).mode & 0o077).toBe(0);
    const one = JSON.parse(readFileSync(path.join(dir, files[0] as string), 'utf8'));
    expect(one).toMatchObject({ from: 'Lotwise <no-reply@lotwise.local>', subject: 'Reset', text: body });
  });
});
