import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { noteAccessEndedIfViewing } from '@/lib/session/access-ended';
import { askOnceAfterAccessEnded } from '@/lib/session/access-ended-while-viewing';
import { sessionKeys } from '@/lib/session/session';

/**
 * Real-time notifications (spec 01 §4): GET /api/ws (same origin, cookie auth) pushes JSON
 * `{ channel: 'imports', event, data }`. One socket is shared by every subscriber; it
 * reconnects with backoff and stays closed while nobody listens.
 */
export interface RealtimeMessage {
  channel: string;
  event: string;
  data?: Record<string, unknown>;
}

/** Emitted locally when the server closes the socket because the session or access ended. */
export const SESSION_CHANGED = 'session_changed';

/** Root of every imports query key: the channel invalidates everything under it. */
export const IMPORTS_QUERY_ROOT = 'imports';

type Listener = (message: RealtimeMessage) => void;

/** Messages whose invalidation already ran: several hooks listen, one refetch is enough. */
const invalidated = new WeakSet<RealtimeMessage>();

const listeners = new Set<Listener>();
let socket: WebSocket | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let attempts = 0;
/** While a session changes hands no socket opens (pauseRealtime). */
let paused = false;

export function parseRealtimeMessage(raw: unknown): RealtimeMessage | null {
  if (typeof raw !== 'string') return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object') return null;
    const { channel, event, data } = value as Record<string, unknown>;
    if (typeof channel !== 'string' || typeof event !== 'string') return null;
    const payload = data && typeof data === 'object' ? (data as Record<string, unknown>) : undefined;
    return payload ? { channel, event, data: payload } : { channel, event };
  } catch {
    return null;
  }
}

/** Backoff: 1 s, 2 s, 4 s … up to 30 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
}

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/api/ws`;
}

function emit(message: RealtimeMessage): void {
  for (const listener of [...listeners]) listener(message);
}

function connect(): void {
  if (paused || socket || listeners.size === 0 || typeof WebSocket === 'undefined') return;
  const ws = new WebSocket(socketUrl());
  socket = ws;
  ws.onopen = () => {
    attempts = 0;
  };
  ws.onmessage = (event) => {
    const message = parseRealtimeMessage(event.data);
    if (message) emit(message);
  };
  ws.onclose = (event) => {
    if (socket === ws) socket = null;
    // The server closed it because the session ended (4401) or access to the account did (4403,
    // e.g. the client revoked the accountant viewing it): the page refetches and learns where it is.
    if (event.code === 4403) noteAccessEndedIfViewing();
    if (event.code === 4401 || event.code === 4403)
      emit({ channel: 'imports', event: SESSION_CHANGED, data: { code: event.code } });
    // 4401: not signed in — reconnecting will not help until the session changes.
    if (listeners.size === 0 || event.code === 4401) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect();
    }, reconnectDelay(attempts));
    attempts += 1;
  };
}

function disconnect(): void {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  attempts = 0;
  const ws = socket;
  socket = null;
  if (ws) {
    ws.onclose = null;
    ws.close();
  }
}

/**
 * Closes the socket while the session changes hands (entering or leaving a client's account):
 * the server closes it when the old session ends, before the answer has set the new cookie, and
 * the close would have the page refetch with the ended session (a 401). The listeners stay, so
 * the returned resume reconnects them when the switch failed and the page stays; after a
 * switch the page's next load opens its own socket.
 */
export function pauseRealtime(): () => void {
  paused = true;
  disconnect();
  return () => {
    paused = false;
    connect();
  };
}

/** Adds a listener for every message on the socket; returns the unsubscribe function. */
export function subscribeRealtime(listener: Listener): () => void {
  listeners.add(listener);
  connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) disconnect();
  };
}

/**
 * Listens to the imports channel: every message (and the 'connected' greeting sent on each
 * (re)connect) invalidates the imports queries, then reaches `onMessage`. A finished import
 * also refreshes the session (its transaction_uploaded flag decides the landing page).
 */
export function useImportsChannel(onMessage?: (message: RealtimeMessage) => void): void {
  const client = useQueryClient();
  const handler = useRef(onMessage);
  handler.current = onMessage;
  useEffect(
    () =>
      subscribeRealtime((message) => {
        if (message.channel !== 'imports') return;
        if (!invalidated.has(message)) {
          invalidated.add(message);
          const refetch = () => {
            void client.invalidateQueries({ queryKey: [IMPORTS_QUERY_ROOT] });
            if (message.event === 'import_complete' || message.event === SESSION_CHANGED)
              void client.invalidateQueries({ queryKey: sessionKeys.all });
          };
          if (message.event === SESSION_CHANGED && message.data?.code === 4403)
            void askOnceAfterAccessEnded(client, refetch);
          else refetch();
        }
        handler.current?.(message);
      }),
    [client],
  );
}
