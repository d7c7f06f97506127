import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export type Channel = 'imports';

export interface Notification {
  channel: Channel;
  event: string;
  data?: Record<string, unknown>;
}

export interface RealtimeHub {
  publish(userId: number, notification: Notification): void;
  subscribe(userId: number, listener: (n: Notification) => void): () => void;
  close(): Promise<void>;
}

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
    close: async () => {},
  };
}

/** Several server processes: notifications fan out through Redis pub/sub (REDIS_URL). */
export function redisHub(url: string, log: FastifyBaseLogger): RealtimeHub {
  const local = localHub();
  const pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const sub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const topic = 'lotwise:notifications';
  sub.subscribe(topic).catch((err) => log.error({ err }, 'redis subscribe failed'));
  sub.on('message', (_channel, raw: string) => {
    try {
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
    async close() {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
