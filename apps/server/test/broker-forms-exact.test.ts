import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aliceWithCoinbase } from './support/coinbase-account.ts';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const FORM_HEADER =
  'Applicable checkbox on Form 8949,Box 1a Code for digital asset,Box 1b Name of digital asset,Box 1c Number of units,Box 1d Date acquired,Box 1e Date sold or disposed,Box 1f Proceeds,Box 1g Cost or other basis,Box 1h Accrued market discount,Box 1i Wash sale loss disallowed,Box 2 Basis reported to IRS,Box 3a Gross or net proceeds,Box 4 Federal income tax withheld,Box 5 Loss not allowed,Box 6 Gain or loss,Box 7 Proceeds only cash,Box 8 Customer-provided acquisition information,Box 9 Noncovered,Box 11a Qualifying stablecoins,Box 11b Specified NFTs,Box 11c Number of transactions';
const row = (units: string, sold: string, proceeds: string, withheld: string) =>
  `H,BTC,Bitcoin,${units},03/01/2025,${sold},${proceeds},$20000.00,,,,Gross,${withheld},,S,Cash,,,,,`;

for (const dialect of DIALECTS) {
  describe(`${dialect}: Form 1099-DA totals are exact (no float or 20-digit rounding)`, () => {
    let server: TestServer;
    let alice: TestClient;
    let account = 0;

    beforeAll(async () => {
      server = await startTestServer(dialect);
      alice = new TestClient(server.app);
      account = await aliceWithCoinbase(server, alice);
    });
    afterAll(() => server.dispose());

    it('box 4 and box 1f of 25 significant digits: the form and the year add them to the cent', async () => {
      // Form A: one line, box 4 = 99,999,999,999,999,999,999,999.99 (25 digits).
      const a = await alice.upload(
        '/api/tax/broker_forms',
        {
          name: 'a.csv',
          content: [
            FORM_HEADER,
            row('0.25', '06/02/2025', '$99999999999999999999999.99', '$99999999999999999999999.99'),
          ].join('\n'),
        },
        { account_id: String(account), year: '2025' },
      );
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      const lines = await alice.get(`/api/tax/broker_forms/${a.body.data.form.id}/lines`);
      expect(lines.body.data.lines[0].federal_tax_withheld).toBe('99999999999999999999999.99');
      expect(a.body.data.form.federal_tax_withheld).toBe('99999999999999999999999.99');
      expect(a.body.data.form.proceeds).toBe('99999999999999999999999.99');

      // Form B: two lines; box 4 12,345,678,901,234,718.90 = 12,345,678,901,234,700.45 + 18.45.
      const b = await alice.upload(
        '/api/tax/broker_forms',
        {
          name: 'b.csv',
          content: [
            FORM_HEADER,
            row('0.1', '07/02/2025', '$10000000000000000000000.01', '$12345678901234700.45'),
            row('0.15', '08/02/2025', '$0.02', '$18.45'),
          ].join('\n'),
        },
        { account_id: String(account), year: '2025' },
      );
      expect(b.status, JSON.stringify(b.body)).toBe(200);
      expect(b.body.data.form.federal_tax_withheld).toBe('12345678901234718.90');
      expect(b.body.data.form.proceeds).toBe('10000000000000000000000.03');

      // The year's summary: 99,999,999,999,999,999,999,999.99 + 12,345,678,901,234,718.90.
      const year = await alice.get('/api/tax/broker_forms?year=2025');
      expect(year.body.data.federal_tax_withheld).toBe('100000012345678901234718.89');
      expect(
        year.body.data.forms.map((f: { federal_tax_withheld: string }) => f.federal_tax_withheld),
      ).toEqual(['99999999999999999999999.99', '12345678901234718.90']);
    });
  });
}
