import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './http/context.ts';
import { apiNotFound, installErrorHandler } from './http/error-handler.ts';
import { installJsonDepthLimit } from './http/json-depth.ts';
import { registerSecurityHeaders, SWAGGER_UI_CSP } from './http/security-headers.ts';
import { installSessions } from './http/session-plugin.ts';
import { registerTestHooks } from './http/test-hooks.routes.ts';
import { registerAdminRoutes } from './modules/admin/admin.routes.ts';
import { registerAggregatorRoutes } from './modules/aggregator/aggregator.routes.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { registerMfaRoutes } from './modules/auth/mfa.routes.ts';
import { registerBillingRoutes } from './modules/billing/billing.routes.ts';
import { registerBrokerFormRoutes } from './modules/broker-forms/broker-forms.routes.ts';
import { registerContractCheckRoutes } from './modules/contract-check/contract-check.routes.ts';
import { registerHoldingsRoutes } from './modules/holdings/holdings.routes.ts';
import { registerEntryRoutes } from './modules/imports/entry.routes.ts';
import { registerImportRoutes } from './modules/imports/imports.routes.ts';
import { registerImportManagementRoutes } from './modules/imports/manage.routes.ts';
import { registerLabsRoutes } from './modules/labs/labs.routes.ts';
import { registerOauthRoutes } from './modules/oauth/oauth.routes.ts';
import { registerOnboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { registerPriceRoutes } from './modules/prices/prices.routes.ts';
import { registerReviewRoutes } from './modules/review/review.routes.ts';
import { registerTaxRoutes } from './modules/tax/tax.routes.ts';
import { registerImpersonationRoutes } from './modules/taxpro/impersonation.routes.ts';
import { registerTaxProRoutes } from './modules/taxpro/taxpro.routes.ts';
import { registerBulkRoutes } from './modules/transactions/edit/bulk.routes.ts';
import { registerTransactionEditRoutes } from './modules/transactions/edit/edit.routes.ts';
import { registerTransactionUpdateRoutes } from './modules/transactions/edit/update.routes.ts';
import { registerTransactionRoutes } from './modules/transactions/transactions.routes.ts';
import { registerUserRoutes } from './modules/users/users.routes.ts';
import { registerApiImportRoutes } from './modules/wallets/api-imports.routes.ts';
import { registerWalletImportRoutes } from './modules/wallets/wallet-imports.routes.ts';
import { registerRealtime } from './realtime/ws.ts';
import { AfterAnswer } from './shared/after-answer.ts';
import { warmPasswordCheck } from './shared/passwords.ts';

export async function buildApp(
  ctx: AppContext,
  options: { logger?: boolean } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: ctx.config.logLevel },
    // Only a configured proxy may name the client (TRUST_PROXY): every limit keys on request.ip.
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    bodyLimit: 10 * 1024 * 1024,
  });
  installJsonDepthLimit(app);
  const afterAnswer = new AfterAnswer(app.log);
  app.decorate('afterAnswer', afterAnswer);
  app.addHook('onClose', () => afterAnswer.idle());
  warmPasswordCheck();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  await registerSecurityHeaders(app, ctx.config.publicUrl);
  await app.register(fastifyCookie);
  // preHandler, not onRequest: the per-address key needs the parsed body.
  await app.register(fastifyRateLimit, { global: false, hook: 'preHandler' });
  await app.register(fastifyWebsocket);
  await app.register(fastifyMultipart, {
    limits: { fileSize: 2 * 1024 * 1024 * 1024, files: 1, fields: 20 },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Lotwise API',
        version: '0.1.0',
        description: 'Crypto tax reporting: every call of the web app.',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'lotwise_session' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: SWAGGER_UI_CSP });

  installSessions(app, ctx);

  await app.register(async (api) => {
    registerAuthRoutes(api, ctx);
    registerMfaRoutes(api, ctx);
    registerUserRoutes(api, ctx);
    registerOnboardingRoutes(api, ctx);
    registerBillingRoutes(api, ctx);
    registerImportRoutes(api, ctx);
    registerApiImportRoutes(api, ctx);
    registerOauthRoutes(api, ctx);
    registerWalletImportRoutes(api, ctx);
    registerContractCheckRoutes(api, ctx);
    registerAggregatorRoutes(api, ctx);
    registerImportManagementRoutes(api, ctx);
    registerEntryRoutes(api, ctx);
    registerTransactionRoutes(api, ctx);
    registerTransactionEditRoutes(api, ctx);
    registerTransactionUpdateRoutes(api, ctx);
    registerBulkRoutes(api, ctx);
    registerTaxRoutes(api, ctx);
    registerBrokerFormRoutes(api, ctx);
    registerHoldingsRoutes(api, ctx);
    registerPriceRoutes(api, ctx);
    registerReviewRoutes(api, ctx);
    registerLabsRoutes(api, ctx);
    registerTaxProRoutes(api, ctx);
    registerImpersonationRoutes(api, ctx);
    registerAdminRoutes(api, ctx);
    registerRealtime(api, ctx);
    if (ctx.config.testHooks) registerTestHooks(api, ctx);
  });

  if (ctx.config.webDist && existsSync(path.join(ctx.config.webDist, 'index.html'))) {
    await serveSpa(app, ctx.config.webDist);
  } else {
    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send(apiNotFound(request.method, request.url)),
    );
  }
  return app;
}

/**
 * Fastify's `trustProxy`. A hop count is given as a function: Fastify 5 now trusts nobody for a
 * bare number; `n` trusts the socket's peer and the n-1 proxies before it (proxy-addr counts the
 * socket as hop 0), so request.ip is the address the outermost trusted proxy saw.
 */
function trustProxyOption(trust: AppContext['config']['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** The built SPA: static files, and index.html for every non-API route (client-side routing). */
async function serveSpa(app: FastifyInstance, dist: string): Promise<void> {
  await app.register(fastifyStatic, { root: dist, wildcard: false });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET') {
      return reply.status(404).send(apiNotFound(request.method, request.url));
    }
    return reply.type('text/html').sendFile('index.html');
  });
}
