/**
 * Whether a failed write broke a unique key: PostgreSQL's 23505, better-sqlite3's
 * SQLITE_CONSTRAINT_UNIQUE (or the primary key's). Callers turn it into their own answer.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
