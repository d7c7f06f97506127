import type { EngineWarning } from '@lotwise/engine/types';
import type { Resolution } from './resolver.ts';

/** Provider outages and symbols priced as a guess, as warnings beside the engine's. */
export function priceWarnings(resolution: Pick<Resolution, 'failures' | 'ambiguous'>): EngineWarning[] {
  const out: EngineWarning[] = resolution.failures.map((f) => ({
    code: 'price_unavailable',
    txId: null,
    message: f.message,
  }));
  for (const a of resolution.ambiguous) {
    const others = a.alternatives
      .filter((c) => c.id !== a.chosen.id)
      .map((c) => `${c.name} (${c.id})`)
      .join(', ');
    out.push({
      code: 'ambiguous_asset',
      txId: null,
      message: `${a.asset} is priced as ${a.chosen.name} (${a.chosen.id}); ${others} share the symbol. Change the token symbol if that is not your ${a.asset}.`,
    });
  }
  return out;
}
