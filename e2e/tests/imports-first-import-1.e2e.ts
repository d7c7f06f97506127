import { expect, it } from 'vitest';
import { firstImportPart, PARTS, SAMPLES } from './first-import-helpers.ts';

// Every sample export, dropped by a newcomer on the home page, imports (part 1 of 3).
firstImportPart(1);

it('has the 44 sample exports to try, in three parts', () => {
  expect(SAMPLES).toHaveLength(44);
  expect(PARTS).toBe(3);
});
