import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Where a request's input holds a NUL character, as a field path (`comment`, `rows.3.note`),
 * or null. PostgreSQL's text cannot store one (the insert fails with a server error there,
 * while SQLite stores it), and no field of the API means anything by it.
 */
export function nulField(value: unknown, path = ''): string | null {
  // A walk with its own stack (depth first, in key order), not recursion: a body nested
  // thousands deep must not overflow the call stack (HTTP 500 before; issue 29 attack pass).
  const stack: Array<{ value: unknown; path: string }> = [{ value, path }];
  while (stack.length > 0) {
    const here = stack.pop() as { value: unknown; path: string };
    if (typeof here.value === 'string') {
      if (here.value.includes('\u0000')) return here.path || 'value';
      continue;
    }
    if (here.value === null || typeof here.value !== 'object' || Buffer.isBuffer(here.value)) continue;
    const entries = Object.entries(here.value);
    for (const [key] of entries) {
      const at = here.path ? `${here.path}.${key}` : key;
      if (key.includes('\u0000')) return at;
    }
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, inner] = entries[i] as [string, unknown];
      stack.push({ value: inner, path: here.path ? `${here.path}.${key}` : key });
    }
  }
  return null;
}

/** Refuses a request whose parameters, query or body hold a NUL character (400 naming the field). */
export function refuseNul(fields: Record<string, unknown>): void {
  const field = nulField(fields);
  if (field)
    throw new AppError('validation_failed', `${field}: must not contain a NUL character (\\u0000)`, {
      field,
    });
}

/** The route hook: every call's input, after its schema has read it. */
export async function refuseNulInput(request: FastifyRequest): Promise<void> {
  for (const part of [request.params, request.query, request.body])
    refuseNul((part ?? {}) as Record<string, unknown>);
}
