import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

for (const dialect of DIALECTS) {
  describe(`${dialect}: users, settings and onboarding`, () => {
    let server: TestServer;
    let client: TestClient;
    beforeAll(async () => {
      server = await startTestServer(dialect);
      client = new TestClient(server.app);
      await client.post('/api/auth/sign_up', { email: 'onb@example.com', password: 'correct horse 9' });
    });
    afterAll(() => server.dispose());

    it('walks the onboarding calls and ends onboarded', async () => {
      expect((await client.get('/api/onboarding_flag')).body).toEqual({
        onboarded: false,
        is_imported: false,
        is_customer: true,
        currency: 'USD',
      });
      const role = await client.post('/api/onboarding/settings/update_role', { role: 'cpa' });
      expect(role.body.user.roles).toEqual(['cpa']);
      await client.post('/api/onboarding/settings/update_role', { role: 'customer' });
      expect((await client.post('/api/save_location', { country_code: 'de' })).status).toBe(200);
      const options = await client.get('/api/timezone');
      expect(options.body.currencies[0].code).toBe('USD');
      expect(options.body.timezones).toContain('Europe/Berlin');
      expect(
        (await client.post('/api/currency', { currency: 'EUR', timezone: 'Europe/Berlin' })).status,
      ).toBe(200);
      const badZone = await client.post('/api/currency', { currency: 'EUR', timezone: 'Mars/Olympus' });
      expect(badZone.status).toBe(400);
      expect(badZone.body.message).toBe('timezone: Mars/Olympus is not a known time zone');
      await client.post('/api/onboarding/notifications', {
        email_notifications: false,
        switch_notifications: true,
      });
      const flag = await client.post('/api/onboarding_flag', { onboarded: true });
      expect(flag.body).toEqual({ onboarded: true, is_imported: false, is_customer: true, currency: 'EUR' });

      const session = await client.get('/api/auth/session');
      expect(session.body.user).toMatchObject({
        country_code: 'DE',
        currency: 'EUR',
        timezone: 'Europe/Berlin',
        onboarded: true,
        email_notifications: false,
        switch_notifications: true,
      });
    });

    it('keeps settings, the Safe Harbor dismissal and the profile', async () => {
      const setting = await client.get('/api/setting');
      expect(setting.body.data.bulk_edit_preference).toBeNull();
      await client.post('/api/setting', { bulk_edit_preference: 'all_pages' });
      expect((await client.get('/api/setting')).body.data.bulk_edit_preference).toBe('all_pages');
      const badPref = await client.post('/api/setting', { bulk_edit_preference: 'everything' });
      expect(badPref.status).toBe(400);
      expect(badPref.body.field).toBe('bulk_edit_preference');

      expect((await client.post('/api/users/dismiss_safe_harbor_banner')).body).toEqual({
        status: 'success',
      });
      expect((await client.get('/api/auth/session')).body.user.safe_harbor_dismissed).toBe(true);

      const profile = await client.put('/api/users/profile', {
        first_name: 'Onb',
        last_name: 'Oarding',
        username: 'onb',
        country_code: 'us',
      });
      expect(profile.body.user).toMatchObject({
        first_name: 'Onb',
        last_name: 'Oarding',
        country_code: 'US',
      });
      const badCountry = await client.put('/api/users/profile', {
        first_name: null,
        last_name: null,
        username: null,
        country_code: 'USA',
      });
      expect(badCountry.body.messages).toEqual(['country_code: Choose a country']);
    });

    it('changes the password only with the current one and signs out other sessions', async () => {
      const other = new TestClient(server.app);
      await other.post('/api/auth/login', { email: 'onb@example.com', password: 'correct horse 9' });
      const wrong = await client.post('/api/users/change_password', {
        current_password: 'nope nope 1',
        new_password: 'brand new pass 7',
      });
      expect(wrong.status).toBe(401);
      const ok = await client.post('/api/users/change_password', {
        current_password: 'correct horse 9',
        new_password: 'brand new pass 7',
      });
      expect(ok.status).toBe(200);
      expect((await client.get('/api/setting')).status).toBe(200);
      expect((await other.get('/api/setting')).status).toBe(401);
    });

    it('sends the desktop link to the outbox', async () => {
      const res = await client.post('/api/send_desktop_link', { redirectTo: '/imports' });
      expect(res.body).toEqual({ success: true, message: 'We sent a link to onb@example.com.' });
      expect(server.mails.at(-1)?.text).toContain('/imports');
    });
  });
}
