import { z } from 'zod';

/**
 * One API call: method, path (with :params), and the zod schemas of what goes in and
 * what comes out. The server registers routes from these; the web client fetches
 * through them and parses every response at the boundary.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiCall<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  /** Calls that work without a signed-in user. */
  public?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
}

export function defineCall<
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
>(call: ApiCall<P, Q, B, R>): ApiCall<P, Q, B, R> {
  return call;
}

export type CallResponse<C> =
  C extends ApiCall<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.infer<R> : never;
export type CallBody<C> = C extends ApiCall<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type CallQuery<C> = C extends ApiCall<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type CallParams<C> = C extends ApiCall<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;

/** Closed set of error codes the API answers with; the client maps them to messages. */
export const errorCode = z.enum([
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'csrf_failed',
  /** 405: a GET link the spec names for a change; the change is a POST (a GET never writes). */
  'method_not_allowed',
  'invalid_credentials',
  'mfa_required',
  'invalid_mfa_code',
  'weak_password',
  'email_taken',
  'invalid_token',
  'payment_required',
  'internal',
]);
export type ErrorCode = z.infer<typeof errorCode>;

export const errorResponse = z.object({
  status: z.literal('error'),
  code: errorCode,
  message: z.string(),
  /** Every problem found, e.g. one per invalid field; the UI joins them with '. '. */
  messages: z.array(z.string()),
  field: z.string().optional(),
  /** payment_required (402): the tax year whose plan is needed and a trace id (spec 01 §7, §8). */
  payment_required: z.literal(true).optional(),
  trace_id: z.string().optional(),
  tax_year: z.number().int().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const successStatus = z.object({ status: z.literal('success'), message: z.string().optional() });

/** Flags count as true for true, 'true', 1 or '1' (spec 01 §5). */
export const flag = z
  .union([
    z.boolean(),
    z.literal('true'),
    z.literal('false'),
    z.literal(1),
    z.literal(0),
    z.literal('1'),
    z.literal('0'),
  ])
  .transform((v) => v === true || v === 'true' || v === 1 || v === '1');
