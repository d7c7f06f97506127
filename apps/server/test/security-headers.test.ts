import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/** Issue 29.4: every API response carries the security headers; the Swagger UI has a CSP of its own. */
for (const dialect of DIALECTS) {
  describe(`${dialect}: security headers`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect);
    });
    afterAll(() => server.dispose());

    it('API responses (and errors) forbid framing, sniffing, referrers and foreign scripts', async () => {
      for (const url of ['/api/auth/session', '/api/transaction/stats', '/api/nothing-here']) {
        const res = await server.app.inject({ method: 'GET', url });
        expect(res.headers['x-frame-options'], url).toBe('DENY');
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
        expect(res.headers['referrer-policy'], url).toBe('no-referrer');
        const csp = String(res.headers['content-security-policy']);
        expect(csp, url).toContain("frame-ancestors 'none'");
        expect(csp, url).toContain("script-src 'self'");
        expect(csp, url).toContain("default-src 'self'");
        expect(csp, url).not.toContain('upgrade-insecure-requests');
      }
    });

    it('the Swagger UI at /api/docs is served under its own policy, framed by nobody', async () => {
      const page = await server.app.inject({ method: 'GET', url: '/api/docs/' });
      expect(page.statusCode).toBe(200);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain('validator.swagger.io');
      expect(page.headers['x-frame-options']).toBe('DENY');
      const json = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(json.statusCode).toBe(200);
    });
  });
}
