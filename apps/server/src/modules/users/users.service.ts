/**
 * The users module's surface for the other modules: a user row's roles and its public view.
 */
export { parseRoles, toUser } from './users.repo.ts';
