import type { ValueSourceName } from '@lotwise/contracts/prices/prices';

/** Short names of the value sources, for badges (the hover has the full sentence). */
export const SOURCE_NAMES: Record<ValueSourceName, { label: string; color: string }> = {
  file: { label: 'File', color: 'teal' },
  fiat_leg: { label: 'Fiat leg', color: 'teal' },
  trade_leg: { label: 'Trade leg', color: 'blue' },
  manual: { label: 'Manual', color: 'violet' },
  cache: { label: 'Price table', color: 'cyan' },
  provider: { label: 'Provider', color: 'cyan' },
  peg: { label: 'Peg', color: 'yellow' },
  missing: { label: 'Missing', color: 'red' },
};
