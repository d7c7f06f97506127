import { z } from 'zod';

/** The largest id a record can have (PostgreSQL's `integer`, which most tables' ids are). */
export const MAX_RECORD_ID = 2_147_483_647;

/**
 * A record's id in a path, query or body: a whole number from 1 to MAX_RECORD_ID. A larger one
 * names no record; before this PostgreSQL refused it in the query and the call answered 500.
 */
export const recordId = z.coerce
  .number()
  .int('must be a whole number')
  .min(1, 'must be a positive whole number')
  .max(MAX_RECORD_ID, 'is not the id of any record');
