import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { type Notification, type RealtimeHub, redisHub } from '../src/realtime/hub.ts';

/**
 * Redis pub/sub ignores the database number, so two deployments on one Redis are kept apart
 * by REDIS_PREFIX alone: a process hears its own deployment's notifications and control
 * messages, never another's (user 1 exists in both).
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
// A server's own (silent) logger: the hub only logs Redis errors.
const log = Fastify({ logger: false }).log;
const tag = `${process.pid}-${Date.now()}`;
const hubs: RealtimeHub[] = [];

function hub(prefix: string): RealtimeHub {
  const h = redisHub(REDIS_URL, log, prefix);
  hubs.push(h);
  return h;
}

/** Publishes until `until` holds: a fresh subscriber's SUBSCRIBE takes a moment to reach Redis. */
async function publishUntil(send: () => void, until: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!until()) {
    if (Date.now() > deadline) throw new Error('the same-prefix process never heard the message');
    send();
    await new Promise((r) => setTimeout(r, 50));
  }
}

afterAll(async () => {
  await Promise.all(hubs.map((h) => h.close()));
});

describe('REDIS_PREFIX separates deployments that share one Redis', () => {
  it('delivers notifications and access changes within a prefix only', async () => {
    const [a1, a2] = [hub(`deploy-a-${tag}`), hub(`deploy-a-${tag}`)];
    const [b1, b2] = [hub(`deploy-b-${tag}`), hub(`deploy-b-${tag}`)];
    const heardA: Notification[] = [];
    const heardB: Notification[] = [];
    const controlB: unknown[] = [];
    a2.subscribe(1, (n) => heardA.push(n));
    b2.subscribe(1, (n) => heardB.push(n));
    b2.onAccessChange((c) => controlB.push(c));

    // Deployment B's own traffic reaches it (so its subscriber is listening) …
    await publishUntil(
      () => b1.publish(1, { channel: 'imports', event: 'b-event' }),
      () => heardB.length > 0,
    );
    // … then deployment A's reaches A's second process, and neither message nor control crosses.
    await publishUntil(
      () => {
        a1.publish(1, { channel: 'imports', event: 'a-event' });
        a1.accessChanged({ userIds: [1] });
      },
      () => heardA.length > 0,
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(heardA.every((n) => n.event === 'a-event')).toBe(true);
    expect(heardB.every((n) => n.event === 'b-event')).toBe(true);
    expect(controlB).toEqual([]);
  });
});

describe('REDIS_PREFIX in the configuration', () => {
  it('defaults to lotwise and refuses a name Redis channels should not carry', () => {
    expect(loadConfig({}).redisPrefix).toBe('lotwise');
    expect(loadConfig({ REDIS_PREFIX: 'lotwise-staging' }).redisPrefix).toBe('lotwise-staging');
    expect(() => loadConfig({ REDIS_PREFIX: 'two words' })).toThrow(/REDIS_PREFIX: letters, digits/);
    expect(() => loadConfig({ REDIS_PREFIX: '' })).toThrow(/REDIS_PREFIX/);
  });
});
