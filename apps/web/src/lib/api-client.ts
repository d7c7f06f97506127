import type {
  ApiCall,
  CallBody,
  CallParams,
  CallQuery,
  CallResponse,
  ErrorCode,
} from '@lotwise/contracts/http';
import { errorResponse } from '@lotwise/contracts/http';
import { ACCESS_ENDED } from '@lotwise/contracts/taxpro/taxpro';
import type { z } from 'zod';
import { readCookie } from '@/lib/cookies';
import { noteAccessEnded } from '@/lib/session/access-ended';

/** An API answer that was not a success: carries the parsed errorResponse of the contracts. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly messages: string[];
  readonly field: string | undefined;
  /** payment_required (402): the tax year whose plan is needed, and the trace id. */
  readonly taxYear: number | undefined;
  readonly traceId: string | undefined;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    messages: string[],
    field?: string,
    extra: { taxYear?: number; traceId?: string } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.messages = messages.length > 0 ? messages : [message];
    this.field = field;
    this.taxYear = extra.taxYear;
    this.traceId = extra.traceId;
  }

  /** What the UI shows: every problem, joined with '. ' (spec 02 §8). */
  get display(): string {
    if (this.messages.length === 1) return this.messages[0] ?? this.message;
    return `${this.messages.map((m) => m.replace(/\.$/, '')).join('. ')}.`;
  }
}

export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.display;
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong';
}

let csrfToken: string | null = null;
let onUnauthenticated: ((call: ApiCall) => void) | null = null;

/**
 * The session query stores the CSRF token here, the fallback when the cookie cannot be read.
 * The readable cookie comes first: it is what the server compares with, and a first visit's
 * parallel requests (session, billing status) each set a fresh one — the last wins.
 */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** One place decides what happens on 401 (the provider clears the session; the guard sends to /login). */
export function setUnauthenticatedHandler(handler: ((call: ApiCall) => void) | null): void {
  onUnauthenticated = handler;
}

export function buildPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter :${name}`);
    return encodeURIComponent(String(value));
  });
}

export function buildQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) search.append(key, String(v));
    else search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

type OptionalIfNever<K extends string, T> = [T] extends [never]
  ? { [P in K]?: undefined }
  : undefined extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

export type CallOptions<C> = OptionalIfNever<'params', CallParams<C>> &
  OptionalIfNever<'query', CallQuery<C>> &
  OptionalIfNever<'body', CallBody<C>> & { signal?: AbortSignal };

type AnyCall = ApiCall<z.ZodType, z.ZodType, z.ZodType, z.ZodType>;

export async function callApi<C extends AnyCall>(
  call: C,
  options?: CallOptions<C>,
): Promise<CallResponse<C>> {
  const opts = (options ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
    signal?: AbortSignal;
  };
  const headers: Record<string, string> = { accept: 'application/json' };
  if (call.method !== 'GET') {
    const token = readCookie('lotwise_csrf') ?? csrfToken;
    if (token) headers['x-csrf-token'] = token;
  }
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const url = buildPath(call.path, opts.params) + buildQuery(opts.query);
  let response: Response;
  try {
    response = await fetch(url, {
      method: call.method,
      headers,
      body,
      credentials: 'include',
      signal: opts.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'internal', 'Cannot reach the server. Check your connection and try again.', []);
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = apiErrorFrom(response.status, payload);
    // Only a lost session signs the user out; a wrong code or password is a 401 of its own kind.
    if (error.code === 'unauthenticated' && !call.public) onUnauthenticated?.(call);
    // spec 01 §8: an impersonation that ended (access revoked) reloads into the accountant's own area.
    if (error.code === 'forbidden' && error.message === ACCESS_ENDED) {
      noteAccessEnded();
      window.location.assign('/tax_pro/dashboard');
    }
    throw error;
  }
  const parsed = call.response.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError(response.status, 'internal', 'The server sent an unexpected answer.', []);
  }
  return parsed.data as CallResponse<C>;
}

/** The ApiError of a failed answer: the contracts' errorResponse, or a text for the status. */
export function apiErrorFrom(status: number, payload: unknown): ApiError {
  const parsed = errorResponse.safeParse(payload);
  if (parsed.success) {
    const { code, message, messages, field, tax_year, trace_id } = parsed.data;
    return new ApiError(status, code, message, messages, field, { taxYear: tax_year, traceId: trace_id });
  }
  const code: ErrorCode =
    status === 401 ? 'unauthenticated' : status === 402 ? 'payment_required' : 'internal';
  return new ApiError(status, code, fallbackMessage(status), []);
}

function fallbackMessage(status: number): string {
  if (status === 401) return 'Please sign in to continue.';
  if (status === 402) return 'This needs a tax plan for the year.';
  if (status === 403) return "You don't have access to this.";
  if (status === 404) return 'Not found.';
  if (status === 429) return 'Too many attempts. Please wait a minute and try again.';
  return 'Something went wrong';
}
