import { etherscanHandler } from '@lotwise/test-replay/etherscan-replay';
import { ExchangeReplay } from '@lotwise/test-replay/exchange-replay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/dialects.ts';
import { TestClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/**
 * `POST /api/check_smart_contract` (issue 33) against Etherscan's proxy module replayed in its
 * documented shape: a wallet, a token contract (USDC's), another contract (a Safe), a known
 * exchange hot wallet, a chain with nothing to check, a bad address, and the explorer down.
 */
const WALLET = '0x7a3b9c1d2e4f5a6b7c8d9e0f1a2b3c4d5e6fc0de';
const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const SAFE = '0x41675c099f32341bf84bfc5382af534df5c7461a';
const BINANCE_14 = '0x28C6c06298d514Db089934071355E5743bf21d60';

for (const dialect of DIALECTS) {
  describe(`${dialect}: check_smart_contract`, () => {
    const etherscan = new ExchangeReplay(
      etherscanHandler({
        key: 'explorer-key',
        contracts: {
          [USDC]: { code: '0x6080604052', totalSupply: 52_000_000_000_000_000n, symbol: 'USDC' },
          [SAFE]: { code: '0x608060405273' },
        },
      }),
    );
    let server: TestServer;
    let client: TestClient;

    beforeAll(async () => {
      await etherscan.start();
      server = await startTestServer(dialect, {
        ETHERSCAN_API_KEY: 'explorer-key',
        ETHERSCAN_BASE_URL: `${etherscan.url}/v2/api`,
      });
      client = new TestClient(server.app);
      await client.post('/api/auth/sign_up', {
        email: 'contract-check@example.com',
        password: 'correct horse 9',
      });
    });
    afterAll(async () => {
      await server.dispose();
      await etherscan.close();
    });

    const check = async (coin: string, address: string) => {
      const res = await client.post('/api/check_smart_contract', { coin, address });
      return { status: res.status, body: res.body };
    };

    it('an ordinary wallet: checked, no warning, nothing saved', async () => {
      const res = await check('eth', WALLET);
      expect(res.body.data).toEqual({
        checked: true,
        kind: 'wallet',
        is_contract: false,
        warning: null,
        note: null,
      });
      const code = etherscan.requests.find((r) => r.query.get('action') === 'eth_getCode');
      expect(Object.fromEntries(code?.query ?? [])).toMatchObject({
        chainid: '1',
        module: 'proxy',
        action: 'eth_getCode',
        address: WALLET,
        tag: 'latest',
        apikey: 'explorer-key',
      });
      const saved = await server.ctx.db.kysely.selectFrom('wallet_connections').selectAll().execute();
      expect(saved).toEqual([]);
    });

    it('a token contract gets a warning naming the token', async () => {
      const res = await check('eth', USDC);
      expect(res.body.data).toMatchObject({ checked: true, kind: 'token', is_contract: true, note: null });
      expect(res.body.data.warning).toBe(
        "This address is the USDC token contract on Ethereum, not a wallet: importing it would read every transfer of the token, by everyone. Add your own wallet's address instead.",
      );
    });

    it('another contract (a smart wallet, perhaps) gets a warning that lets its owner go on', async () => {
      const res = await check('base', SAFE);
      expect(res.body.data).toMatchObject({ checked: true, kind: 'contract', is_contract: true });
      expect(res.body.data.warning).toContain(
        'This address is a smart contract on Base, not an ordinary wallet.',
      );
      expect(etherscan.requests.at(-1)?.query.get('chainid')).toBe('8453');
    });

    it('a known exchange hot wallet gets a warning, in any letter case', async () => {
      const res = await check('eth', BINANCE_14);
      expect(res.body.data).toMatchObject({ checked: true, kind: 'exchange', is_contract: false });
      expect(res.body.data.warning).toContain("This address is Binance 14, an exchange's hot wallet");
    });

    it('a chain without contracts to check answers unchecked without a warning; a bad address names the field', async () => {
      const btc = await check('btc', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
      expect(btc.body.data).toEqual({
        checked: false,
        kind: 'unchecked',
        is_contract: false,
        warning: null,
        note: null,
      });
      const bad = await check('eth', '0x1234');
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(
        'address: not a valid Ethereum address (0x and 40 hexadecimal characters)',
      );
      expect(bad.body.field).toBe('address');
    });

    it('the explorer down is said, never taken for a wallet', async () => {
      etherscan.faults.push({ status: 503, body: 'unavailable' });
      const res = await check('eth', WALLET);
      expect(res.body.data).toEqual({
        checked: false,
        kind: 'unchecked',
        is_contract: false,
        warning: null,
        note: 'Could not check whether this address is a contract: Etherscan service is not currently responding, please try importing again in a bit.',
      });
    });
  });
}
