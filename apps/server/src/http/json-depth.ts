import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * The deepest a JSON body may nest (objects and arrays). No call of the API takes more than a
 * few levels; a body of thousands used to end in a RangeError (HTTP 500) in the walks that
 * read it. Refused with a 400 before the body is parsed, signed in or not.
 */
export const JSON_MAX_DEPTH = 64;

/**
 * How deep a JSON text nests, read in one pass without recursion (brackets inside strings do
 * not count); stops as soon as it passes `limit`.
 */
export function jsonDepthOver(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** Every JSON body of the app goes through Fastify's own parser after the depth check. */
export function installJsonDepthLimit(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthOver(text, JSON_MAX_DEPTH)) {
      done(
        new AppError('validation_failed', `The request body nests deeper than ${JSON_MAX_DEPTH} levels.`, {
          field: 'body',
        }),
        undefined,
      );
      return;
    }
    parse(request, text, done);
  });
}
