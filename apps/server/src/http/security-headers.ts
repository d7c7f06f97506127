import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The built SPA's Content-Security-Policy (issue 29.4): scripts, fetches, the websocket and
 * fonts from Lotwise's own origin only; Mantine writes its CSS variables into <style> elements
 * and style attributes, hence 'unsafe-inline' for styles (never for scripts); images may be
 * data:/blob: URLs (icons, charts); nothing may frame Lotwise, no plug-ins, forms post only
 * to Lotwise. `connect-src 'self'` covers ws:/wss: of the same host (CSP Level 3).
 */
export function spaContentSecurityPolicy(https: boolean) {
  return {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
      ...(https ? { 'upgrade-insecure-requests': [] } : {}),
    },
  };
}

/**
 * The Swagger UI at /api/docs loads its own bundle and styles (and the validator badge):
 * a CSP of its own, set by @fastify/swagger-ui on its routes, still framed by nobody.
 */
export const SWAGGER_UI_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' data:",
  "frame-ancestors 'none'",
  "img-src 'self' data: validator.swagger.io",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "form-action 'self'",
].join('; ');

/**
 * Security headers on every response, the SPA's and the API's (@fastify/helmet): the CSP above,
 * X-Frame-Options DENY, X-Content-Type-Options nosniff, Referrer-Policy no-referrer (links carry
 * single-use tokens), Cross-Origin-Opener/Resource-Policy same-origin, and HSTS when Lotwise is
 * served over https (PUBLIC_URL).
 */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): Promise<void> {
  const https = publicUrl.startsWith('https:');
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: spaContentSecurityPolicy(https),
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
}
