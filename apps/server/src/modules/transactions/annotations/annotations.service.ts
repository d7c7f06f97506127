/**
 * The transactions module's surface for the users' edits of rows (annotations), for the
 * modules that change rows on the user's behalf (imports re-applying edits, review decisions,
 * symbol changes).
 */
export { applyChange, applyEdit, reapplyAnnotations } from './annotations.repo.ts';
export type { EditFields } from './edit-fields.ts';
export { diffEdit } from './edit-fields.ts';
