import type { FormatDefinition } from './core/types.ts';
import { koinlyUniversal } from './formats/koinly-universal.ts';

/**
 * Every supported layout, in detection order: more specific signatures come before looser
 * ones that could also match the same header.
 */
export const FORMATS: FormatDefinition[] = [koinlyUniversal];

export function findFormat(id: string): FormatDefinition | undefined {
  return FORMATS.find((f) => f.id === id);
}
