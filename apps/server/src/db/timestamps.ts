/** Now, as stored: ISO-8601 UTC text in both dialects (db/column-types.ts, Timestamp). */
export const nowIso = (): string => new Date().toISOString();
