/** Flags count as true for true, 'true', 1 or '1' (spec 01 §5). */
export function isTruthyFlag(value: unknown): boolean {
  return value === true || value === 'true' || value === 1 || value === '1';
}
