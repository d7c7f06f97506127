import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { priceSettingsFromEnv } from '../src/config.ts';
import { CircuitBreaker } from '../src/providers/breaker.ts';
import { ProviderError } from '../src/providers/provider.ts';
import { PriceResolver } from '../src/resolver.ts';
import { MemoryPriceStore } from '../src/store.ts';

/** A local port nothing listens on: connections to it are refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function timed<T>(call: () => Promise<T>): Promise<{ ms: number; error: unknown }> {
  const started = performance.now();
  try {
    await call();
    return { ms: performance.now() - started, error: null };
  } catch (error) {
    return { ms: performance.now() - started, error };
  }
}

async function offlineEnv(extra: Record<string, string> = {}) {
  const url = `http://127.0.0.1:${await closedPort()}`;
  return {
    PRICE_PROVIDERS: 'coingecko,ecb',
    COINGECKO_BASE_URL: url,
    ECB_BASE_URL: url,
    // The SDK's retries with back-off: the first call waits as it would on a real outage.
    COINGECKO_MAX_RETRIES: '2',
    ...extra,
  };
}

describe('circuit breaker per provider (issue 35.11)', () => {
  it('a provider at a closed port is not asked again: the second call fails at once, saying it is unreachable', async () => {
    const settings = priceSettingsFromEnv(await offlineEnv());
    const coingecko = settings.coingecko!;
    const coin = { id: 'bitcoin', symbol: 'BTC', name: 'Bitcoin', rank: 1 };
    const first = await timed(() => coingecko.daily(coin, 'USD', '2024-01-01', '2024-01-31'));
    expect(first.error).toBeInstanceOf(ProviderError);
    expect((first.error as ProviderError).kind).toBe('down');
    // The SDK waited for its retries (about a second here).
    expect(first.ms).toBeGreaterThan(300);

    for (const call of <Array<() => Promise<unknown>>>[
      () => coingecko.daily(coin, 'USD', '2024-02-01', '2024-02-28'),
      () => coingecko.coins('ETH'),
      () => coingecko.search('bitcoin'),
    ]) {
      const next = await timed(call);
      expect(next.ms).toBeLessThan(50);
      expect(next.error).toBeInstanceOf(ProviderError);
      expect((next.error as ProviderError).kind).toBe('down');
      expect((next.error as Error).message).toMatch(
        /^CoinGecko is unreachable \(.+\); not asked again before \d{4}-/,
      );
    }

    // The ECB has its own breaker: its first call still asks (and fails), the next is skipped.
    const fx = settings.providers.fx!;
    expect((await timed(() => fx.rates(['GBP'], '2024-01-01', '2024-01-31'))).error).toBeInstanceOf(
      ProviderError,
    );
    const fxAgain = await timed(() => fx.rates(['GBP'], '2024-01-01', '2024-01-31'));
    expect(fxAgain.ms).toBeLessThan(50);
    expect((fxAgain.error as Error).message).toMatch(/^European Central Bank is unreachable/);
  });

  it('a resolution after the failure answers from the local table at once and says the provider is unreachable', async () => {
    const settings = priceSettingsFromEnv(await offlineEnv());
    const store = new MemoryPriceStore();
    await store.save([
      { asset: 'BTC', quote: 'USD', day: '2024-03-01', price: '61000', origin: 'file:p.csv' },
    ]);
    const resolver = new PriceResolver(store, settings.providers, settings.pegs);
    const needs = [
      { asset: 'BTC', day: '2024-03-01' },
      { asset: 'BTC', day: '2024-03-02' },
    ];
    await resolver.resolve(needs, { currency: 'USD' });
    const started = performance.now();
    const again = await resolver.resolve(needs, { currency: 'USD' });
    expect(performance.now() - started).toBeLessThan(100);
    expect(again.book.answer('BTC', 'USD', '2024-03-01')?.price).toBe('61000');
    expect(again.failures.map((f) => f.message)).toContain(
      'CoinGecko service is not currently responding, please try again in a bit.',
    );
  });

  it('PRICE_PROVIDER_COOLDOWN_SECONDS=0 asks every time; a negative value is refused', async () => {
    const settings = priceSettingsFromEnv(await offlineEnv({ PRICE_PROVIDER_COOLDOWN_SECONDS: '0' }));
    const coingecko = settings.coingecko!;
    await timed(() => coingecko.coins('BTC'));
    expect((await timed(() => coingecko.coins('BTC'))).ms).toBeGreaterThan(300);
    expect(() => priceSettingsFromEnv({ PRICE_PROVIDER_COOLDOWN_SECONDS: '-1' })).toThrow(
      /PRICE_PROVIDER_COOLDOWN_SECONDS/,
    );
  });

  it('after the cooldown the provider is asked again, and an answer closes the breaker; only outages open it', async () => {
    let now = 1_000_000;
    const breaker = new CircuitBreaker('coingecko', 'CoinGecko', 60_000, () => now);
    const down = () => Promise.reject(new ProviderError('coingecko', 'down', 'connect ECONNREFUSED'));
    let asked = 0;
    const ok = () => {
      asked++;
      return Promise.resolve('answer');
    };
    await expect(breaker.run(down)).rejects.toThrow('ECONNREFUSED');
    await expect(breaker.run(ok)).rejects.toThrow(/unreachable \(connect ECONNREFUSED\)/);
    expect(asked).toBe(0);
    now += 59_999;
    await expect(breaker.run(ok)).rejects.toThrow(/unreachable/);
    now += 1;
    await expect(breaker.run(ok)).resolves.toBe('answer');
    expect(breaker.skippedUntil).toBeNull();
    // "No such prices", a rate limit or a refused key are answers, not outages.
    for (const kind of ['no_data', 'rate_limited', 'unauthorized'] as const) {
      await expect(
        breaker.run(() => Promise.reject(new ProviderError('coingecko', kind, kind))),
      ).rejects.toThrow(kind);
      expect(breaker.skippedUntil).toBeNull();
    }
  });

  it('knows whether the provider answered its last call: unknown, unreachable (also after the cooldown), reachable', async () => {
    let now = 1_000_000;
    const breaker = new CircuitBreaker('coingecko', 'CoinGecko', 60_000, () => now);
    expect(breaker.reachability).toBe('unknown');
    await expect(
      breaker.run(() => Promise.reject(new ProviderError('coingecko', 'down', 'ECONNREFUSED'))),
    ).rejects.toThrow();
    expect(breaker.reachability).toBe('unreachable');
    now += 60_000;
    // The cooldown is over: it may be asked again, but nothing says it is back.
    expect(breaker.skippedUntil).toBeNull();
    expect(breaker.reachability).toBe('unreachable');
    await expect(
      breaker.run(() => Promise.reject(new ProviderError('coingecko', 'rate_limited', '429'))),
    ).rejects.toThrow();
    expect(breaker.reachability).toBe('reachable');
    await breaker.run(() => Promise.resolve(1));
    expect(breaker.reachability).toBe('reachable');
  });

  it('a resolution leaves the providers it is told to skip alone', async () => {
    const settings = priceSettingsFromEnv(await offlineEnv());
    const resolver = new PriceResolver(new MemoryPriceStore(), settings.providers, settings.pegs);
    const started = performance.now();
    const result = await resolver.resolve([{ asset: 'ETH', day: '2024-05-01' }], {
      currency: 'GBP',
      skip: new Set(['coingecko', 'ecb']),
    });
    expect(performance.now() - started).toBeLessThan(100);
    expect(result.requests).toBe(0);
    expect(result.missing).toHaveLength(1);
    expect(settings.coingecko!.breaker.reachability).toBe('unknown');
  });
});

describe('a provider that accepts the connection and never answers (issue 35)', () => {
  it('fails at the request bound and opens its breaker at once: the next call does not wait', async () => {
    const { createServer: httpServer } = await import('node:http');
    const server = httpServer(() => {});
    server.requestTimeout = 0;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const settings = priceSettingsFromEnv({
        PRICE_PROVIDERS: 'coingecko,ecb',
        COINGECKO_BASE_URL: url,
        ECB_BASE_URL: url,
        PRICE_PROVIDER_TIMEOUT_SECONDS: '0.3',
      });
      const coingecko = settings.coingecko!;
      const first = await timed(() => coingecko.coins('BTC'));
      // One bound, not the SDK's retries of a timeout each.
      expect(first.ms).toBeGreaterThan(250);
      expect(first.ms).toBeLessThan(1500);
      expect((first.error as ProviderError).kind).toBe('down');
      expect((first.error as Error).message).toBe('CoinGecko did not answer within 0.3 s');
      expect(coingecko.breaker.reachability).toBe('unreachable');
      const next = await timed(() => coingecko.coins('ETH'));
      expect(next.ms).toBeLessThan(50);
      expect((next.error as Error).message).toMatch(/^CoinGecko is unreachable \(CoinGecko did not answer/);

      const fx = await timed(() => settings.providers.fx!.rates(['GBP'], '2024-01-01', '2024-01-31'));
      expect(fx.ms).toBeLessThan(1500);
      expect((fx.error as Error).message).toBe('European Central Bank did not answer within 0.3 s');
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('a resolution stops waiting when its signal aborts, and says it was stopped', async () => {
    const settings = priceSettingsFromEnv(await offlineEnv());
    const never: Parameters<typeof PriceResolver.prototype.resolve>[0] = [
      { asset: 'BTC', day: '2024-05-01' },
    ];
    const hanging = {
      id: 'hang',
      label: 'Hang',
      maxWindow: 100,
      coins: () => new Promise<never>(() => {}),
      daily: () => new Promise<never>(() => {}),
    };
    const resolver = new PriceResolver(
      new MemoryPriceStore(),
      { crypto: [hanging], fx: null },
      settings.pegs,
    );
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = performance.now();
    const result = await resolver.resolve(never, { currency: 'USD', signal: controller.signal });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(result.stopped).toBe('aborted');
    expect(result.missing).toHaveLength(1);

    const budget = await resolver.resolve(never, { currency: 'USD', budgetMs: 100 });
    expect(budget.stopped).toBe('budget');
    expect(budget.failures.map((f) => f.message)).toEqual([
      'Hang did not answer in time: prices were asked for 0.1 s in all, the rest is from your local price table (calculate again to ask for it).',
    ]);
  });
});
