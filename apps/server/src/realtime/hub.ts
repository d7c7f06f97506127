import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export type Channel = 'imports';

export interface Notification {
  channel: Channel;
  event: string;
  data?: Record<string, unknown>;
}

/**
 * A control message (issue 32): sessions ended or someone's access changed. Every process
 * re-checks its open sockets of these sessions, or of these users (as the account's owner or
 * as the accountant viewing it), and closes those no longer allowed.
 */
export interface AccessChange {
  sessionIds?: string[];
  userIds?: number[];
}

export interface RealtimeHub {
  publish(userId: number, notification: Notification): void;
  subscribe(userId: number, listener: (n: Notification) => void): () => void;
  /** Tells every process (this one included) that access changed. */
  accessChanged(change: AccessChange): void;
  onAccessChange(listener: (change: AccessChange) => void): () => void;
  close(): Promise<void>;
}

const CONTROL = 'control';

/** One process: an in-memory emitter is all it takes. */
export function localHub(): RealtimeHub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (userId, n) => emitter.emit(String(userId), n),
    subscribe(userId, listener) {
      emitter.on(String(userId), listener);
      return () => emitter.off(String(userId), listener);
    },
    accessChanged: (change) => emitter.emit(CONTROL, change),
    onAccessChange(listener) {
      emitter.on(CONTROL, listener);
      return () => emitter.off(CONTROL, listener);
    },
    close: async () => {},
  };
}

/** Several server processes: notifications fan out through Redis pub/sub (REDIS_URL). */
export function redisHub(url: string, log: FastifyBaseLogger, prefix = 'lotwise'): RealtimeHub {
  const local = localHub();
  const pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const sub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const topic = `${prefix}:notifications`;
  const control = `${prefix}:control`;
  const self = randomUUID();
  sub.subscribe(topic, control).catch((err) => log.error({ err }, 'redis subscribe failed'));
  sub.on('message', (channel, raw: string) => {
    try {
      if (channel === control) {
        const { from, change } = JSON.parse(raw) as { from: string; change: AccessChange };
        if (from !== self) local.accessChanged(change); // this process acted on it already
        return;
      }
      const { userId, notification } = JSON.parse(raw) as { userId: number; notification: Notification };
      local.publish(userId, notification);
    } catch (err) {
      log.warn({ err }, 'ignored malformed realtime message');
    }
  });
  return {
    publish(userId, notification) {
      pub
        .publish(topic, JSON.stringify({ userId, notification }))
        .catch((err) => log.error({ err }, 'publish failed'));
    },
    subscribe: local.subscribe,
    accessChanged(change) {
      // This process at once (its sockets close without waiting for Redis); the others through it.
      local.accessChanged(change);
      pub
        .publish(control, JSON.stringify({ from: self, change }))
        .catch((err) => log.error({ err }, 'publish failed'));
    },
    onAccessChange: local.onAccessChange,
    async close() {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
