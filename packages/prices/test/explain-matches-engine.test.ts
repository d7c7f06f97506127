import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadWallets } from '@lotwise/cli/calc/load';
import { LocalCalendar } from '@lotwise/engine/dates';
import { fixedString } from '@lotwise/engine/fixed';
import { materialise, prepareEvents } from '@lotwise/engine/prepare';
import { Pricer } from '@lotwise/engine/pricing';
import { replayEnv, replayServer } from '@lotwise/test-replay/prices/replay-data';
import type { ReplayServer } from '@lotwise/test-replay/prices/replay-server';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceSettingsFromEnv } from '../src/config.ts';
import { engineLookup, explainValue } from '../src/explain.ts';
import { priceNeeds } from '../src/needs.ts';
import { PriceResolver } from '../src/resolver.ts';
import { MemoryPriceStore } from '../src/store.ts';
import { samplesReplay } from './fixtures/replay-prices.ts';

const SAMPLES = resolve(import.meta.dirname, '../../../fixtures/exchange-samples');

let replay: ReplayServer;
beforeAll(async () => {
  replay = await replayServer(samplesReplay()).start();
});
afterAll(() => replay.stop());

/**
 * The list's explanation (explainValue) must give every row the value the engine's Pricer
 * gives it: the same order of sources, written twice (bigint fixed point in the engine,
 * decimal.js for display). Every sample export, with prices from the replayed providers.
 */
describe("the list's value explanation equals the engine's valuation", () => {
  const files = readdirSync(SAMPLES).filter((f) => f.endsWith('.csv'));
  it.each(files)('%s', async (file) => {
    const loaded = loadWallets([resolve(SAMPLES, file)]);
    const settings = priceSettingsFromEnv(replayEnv(replay.url));
    const resolver = new PriceResolver(new MemoryPriceStore(), settings.providers, settings.pegs);
    for (const currency of ['USD', 'EUR']) {
      const { book } = await resolver.resolve(priceNeeds(loaded.transactions, currency), { currency });
      const pricer = new Pricer(currency, engineLookup(book, currency));
      const calendar = new LocalCalendar('UTC');
      const prepared = prepareEvents(loaded.transactions, {
        calendar,
        knownAssets: undefined,
        warn: () => {},
        markInvalid: () => {},
      });
      let compared = 0;
      for (const slot of prepared.order) {
        const event = materialise(slot, prepared, calendar);
        if (event.partner) continue; // a pair is valued as one event; each half is listed apart
        const engine = pricer.txValue(event);
        const shown = explainValue(event.tx, currency, book);
        const engineText = engine === null ? null : fixedString(engine);
        if (engineText === null || shown.value === null)
          expect([event.id, shown.value]).toEqual([event.id, engineText]);
        else
          expect([event.id, new Decimal(shown.value).toDecimalPlaces(12).toFixed()]).toEqual([
            event.id,
            new Decimal(engineText).toDecimalPlaces(12).toFixed(),
          ]);
        compared++;
      }
      expect(compared).toBeGreaterThan(0);
    }
  });
});
