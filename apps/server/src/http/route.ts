import type { ApiCall } from '@lotwise/contracts/http';
import type { Role } from '@lotwise/contracts/users/user';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { parseRoles } from '../modules/users/users.repo.ts';
import { AppError } from './errors.ts';
import { refuseNulInput } from './no-nul.ts';
import type { Auth } from './session-cookies.ts';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
type ParamsOf<C> = C extends ApiCall<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.output<P> : never;
type QueryOf<C> = C extends ApiCall<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.output<Q> : never;
type BodyOf<C> = C extends ApiCall<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.output<B> : never;

export interface CallInput<C extends ApiCall> {
  params: ParamsOf<C>;
  query: QueryOf<C>;
  body: BodyOf<C>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface AuthedInput<C extends ApiCall> extends CallInput<C> {
  auth: Auth;
}

interface RouteOptions {
  rateLimit?: { max: number; timeWindow: string; key?: (request: FastifyRequest) => string };
  /** Only these roles may call it (spec 01 §6); refused before the input is even read. */
  roles?: readonly Role[];
  /** The refusal's words when the role does not fit. */
  rolesMessage?: string;
}

function schemaOf(call: ApiCall) {
  return {
    summary: call.summary,
    tags: [call.tag],
    ...(call.params ? { params: call.params } : {}),
    ...(call.query ? { querystring: call.query } : {}),
    ...(call.body ? { body: call.body } : {}),
    response: { 200: call.response },
  };
}

function routeConfig(options: RouteOptions): RouteShorthandOptions['config'] {
  if (!options.rateLimit) return {};
  const { max, timeWindow, key } = options.rateLimit;
  return { rateLimit: { max, timeWindow, ...(key ? { keyGenerator: key } : {}) } };
}

/** Mounts a public call (no sign-in needed): validation in and out by the call's schemas. */
export function publicRoute<C extends ApiCall>(
  app: FastifyInstance,
  call: C,
  handler: (input: CallInput<C> & { auth: Auth | null }) => Promise<Out<C['response']>>,
  options: RouteOptions = {},
): void {
  app.route({
    method: call.method,
    url: call.path,
    schema: schemaOf(call),
    config: routeConfig(options),
    preHandler: refuseNulInput,
    handler: (request, reply) =>
      handler({
        params: request.params as ParamsOf<C>,
        query: request.query as QueryOf<C>,
        body: request.body as BodyOf<C>,
        request,
        reply,
        auth: request.auth,
      }),
  });
}

/**
 * Mounts a call for signed-in users whose role is admin, customer or cpa (spec 01 §6:
 * anyone else sees the unauthorised screen and may do nothing).
 */
export function authedRoute<C extends ApiCall>(
  app: FastifyInstance,
  call: C,
  handler: (input: AuthedInput<C>) => Promise<Out<C['response']>>,
  options: RouteOptions = {},
): void {
  app.route({
    method: call.method,
    url: call.path,
    schema: schemaOf(call),
    config: routeConfig(options),
    // Sign-in and role come first: a caller who may not use the call learns nothing of its input rules.
    preValidation: async (request) => {
      const auth = requireAuth(request);
      if (options.roles && !parseRoles(auth.user.roles).some((r) => options.roles?.includes(r)))
        throw new AppError('forbidden', options.rolesMessage ?? "You're not supposed to be here.");
    },
    // After sign-in and the schema: PostgreSQL's text cannot hold a NUL, so no field may (29.11).
    preHandler: refuseNulInput,
    handler: (request, reply) => {
      const auth = requireAuth(request);
      return handler({
        params: request.params as ParamsOf<C>,
        query: request.query as QueryOf<C>,
        body: request.body as BodyOf<C>,
        request,
        reply,
        auth,
      });
    },
  });
}

export function requireAuth(request: FastifyRequest): Auth {
  const auth = request.auth;
  if (!auth) throw new AppError('unauthenticated', 'Please log in to continue.');
  if (parseRoles(auth.user.roles).length === 0)
    throw new AppError('forbidden', "You're not supposed to be here.");
  return auth;
}
