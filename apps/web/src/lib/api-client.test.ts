import type { errorResponse } from '@lotwise/contracts/http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, buildPath, buildQuery, callApi, setCsrfToken } from './api-client';

const call = {
  method: 'POST' as const,
  path: '/api/things/:id',
  summary: 'test',
  tag: 'test',
  params: z.object({ id: z.number() }),
  body: z.object({ name: z.string() }),
  response: z.object({ status: z.literal('success') }),
};

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken(null);
});

describe('callApi', () => {
  it('fills path params, sends JSON with credentials and the CSRF header, parses the answer', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ status: 'success' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    setCsrfToken('tok');
    const result = await callApi(call, { params: { id: 7 }, body: { name: 'x' } });
    expect(result).toEqual({ status: 'success' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/things/7');
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>)['x-csrf-token']).toBe('tok');
    expect(init.body).toBe('{"name":"x"}');
  });

  it('sends the CSRF cookie the server holds over an older token from a parallel first request', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ status: 'success' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    setCsrfToken('from-the-session-body');
    // biome-ignore lint/suspicious/noDocumentCookie: the readable CSRF cookie is what is tested
    document.cookie = 'lotwise_csrf=from-the-last-set-cookie; path=/';
    await callApi(call, { params: { id: 7 }, body: { name: 'x' } });
    // biome-ignore lint/suspicious/noDocumentCookie: clean up
    document.cookie = 'lotwise_csrf=; path=/; max-age=0';
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>)['x-csrf-token']).toBe('from-the-last-set-cookie');
  });

  it('throws an ApiError carrying the parsed error response', async () => {
    const body: z.input<typeof errorResponse> = {
      status: 'error',
      code: 'weak_password',
      message: 'Too weak',
      messages: ['Password must be at least 10 characters long', 'Password must mix letters with numbers.'],
    };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status: 422 }));
    const error = await callApi(call, { params: { id: 1 }, body: { name: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('weak_password');
    expect((error as ApiError).display).toBe(
      'Password must be at least 10 characters long. Password must mix letters with numbers.',
    );
  });

  it('builds queries and refuses missing params', () => {
    expect(buildQuery({ a: 1, b: undefined, c: ['x', 'y'] })).toBe('?a=1&c=x&c=y');
    expect(() => buildPath('/api/x/:id', {})).toThrow('Missing path parameter :id');
  });
});
