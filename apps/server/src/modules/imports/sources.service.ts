/**
 * The import source catalogue (formats, families) and the universal CSV columns, for the
 * exchange connections that write files for the importers.
 */

export { UNIVERSAL_COLUMNS } from './csv-export.ts';
export type { SourceFamily } from './sources.ts';
export { familyBySlug, familyOfFormat } from './sources.ts';
