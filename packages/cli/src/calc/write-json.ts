import { pipeline } from 'node:stream/promises';
import { JsonStreamStringify } from 'json-stream-stringify';

/**
 * Writes `value` as indented JSON (the same text as JSON.stringify(value, null, 2)) in chunks,
 * with back-pressure: a million rows' result is larger than the biggest string V8 can build
 * ("RangeError: Invalid string length" in JSON.stringify, issue 17).
 */
export async function writeJson(value: unknown, out: NodeJS.WritableStream = process.stdout): Promise<void> {
  await pipeline(new JsonStreamStringify(value, undefined, 2), out, { end: false });
  await new Promise<void>((resolve, reject) =>
    out.write('\n', (error) => (error ? reject(error) : resolve())),
  );
}
