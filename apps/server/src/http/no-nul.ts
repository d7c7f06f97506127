import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Where a request's input holds a NUL character, as a field path (`comment`, `rows.3.note`),
 * or null. PostgreSQL's text cannot store one (the insert fails with a server error there,
 * while SQLite stores it), and no field of the API means anything by it.
 */
export function nulField(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'value' : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  for (const [key, inner] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return here;
    const found = nulField(inner, here);
    if (found) return found;
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
