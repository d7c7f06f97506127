/**
 * The billing module's surface for the admin and accountant pages: the catalogue plan an
 * action needs, and resuming the imports a plan limit paused.
 */
export { requireCataloguePlan } from './catalogue-check.ts';
export { resumePausedImports } from './resume-imports.ts';
