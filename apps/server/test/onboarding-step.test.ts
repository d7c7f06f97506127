import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/**
 * Issue 35.14: the onboarding step a user reached is kept on the server, per user, so leaving
 * at step 5 and signing in on another browser or device resumes at step 5 (it was kept only
 * in the first browser's local storage).
 */
for (const dialect of DIALECTS) {
  describe(`${dialect}: the onboarding step reached, per user`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(dialect);
    });
    afterAll(() => server.dispose());

    it('keeps the furthest step and gives it to another browser of the same user, not to anyone else', async () => {
      const phone = new TestClient(server.app);
      const signUp = await phone.post('/api/auth/sign_up', {
        email: 'step@example.com',
        password: 'correct horse 9',
      });
      expect(signUp.body.user.onboarding_step).toBe(1);
      for (const step of [2, 3, 5]) {
        const res = await phone.post('/api/onboarding/step', { step });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ status: 'success', onboarding_step: step });
      }
      // Going back a step does not forget how far the user got.
      expect((await phone.post('/api/onboarding/step', { step: 2 })).body.onboarding_step).toBe(5);

      const laptop = new TestClient(server.app);
      const login = await laptop.post('/api/auth/login', {
        email: 'step@example.com',
        password: 'correct horse 9',
      });
      expect(login.status).toBe(200);
      expect((await laptop.get('/api/auth/session')).body.user).toMatchObject({
        onboarded: false,
        onboarding_step: 5,
      });

      const other = new TestClient(server.app);
      await other.post('/api/auth/sign_up', { email: 'other@example.com', password: 'correct horse 9' });
      expect((await other.get('/api/auth/session')).body.user.onboarding_step).toBe(1);
    });

    it('refuses a step that does not exist, naming the field, and a GET changes nothing', async () => {
      const client = new TestClient(server.app);
      await client.post('/api/auth/sign_up', { email: 'bad@example.com', password: 'correct horse 9' });
      for (const step of [0, 6, 2.5, '3']) {
        const res = await client.post('/api/onboarding/step', { step });
        expect(res.status, String(step)).toBe(400);
        expect(res.body.message, String(step)).toMatch(/^step/);
      }
      expect((await client.get('/api/onboarding/step')).status).toBe(404);
      expect((await client.get('/api/auth/session')).body.user.onboarding_step).toBe(1);
      expect((await new TestClient(server.app).post('/api/onboarding/step', { step: 3 })).status).toBe(401);
    });
  });
}
