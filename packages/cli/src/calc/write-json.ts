/** Text is handed to the stream in pieces of about this size: few writes, bounded memory. */
const CHUNK_CHARS = 1 << 20;

/**
 * Writes `value` as indented JSON (the same text as JSON.stringify(value, null, 2)) in chunks,
 * with back-pressure: a million rows' result is larger than the biggest string V8 can build
 * ("RangeError: Invalid string length" in JSON.stringify, issue 17).
 *
 * Containers are walked here and each small part (an array element, a short object) is left to
 * the native JSON.stringify and re-indented: a streaming stringifier that visits every string
 * and number in JavaScript (json-stream-stringify, used before) cost a third of `calc --json`.
 */
export async function writeJson(value: unknown, out: NodeJS.WritableStream = process.stdout): Promise<void> {
  let pending = '';
  for (const piece of pieces(value, '')) {
    pending += piece;
    if (pending.length >= CHUNK_CHARS) {
      await write(out, pending);
      pending = '';
    }
  }
  await write(out, `${pending}\n`);
}

/** Writes one chunk and waits for it to be taken (the callback), so memory holds one chunk. */
function write(out: NodeJS.WritableStream, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    out.write(text, (error) => (error ? reject(error) : resolve()));
  });
}

/** Containers worth walking: plain arrays and objects without their own toJSON. */
function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return (
    (proto === Object.prototype || proto === null) &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function'
  );
}

/** Small enough to hand whole to JSON.stringify. */
function isSmall(value: Record<string, unknown> | unknown[]): boolean {
  if (Array.isArray(value)) return value.length <= 16 && value.every((v) => !isContainer(v) || isSmall(v));
  const values = Object.values(value);
  return values.length <= 32 && values.every((v) => !isContainer(v) || isSmall(v));
}

/** Array elements printed together in one native JSON.stringify. */
const BATCH = 512;

/** A record (a disposal line, a lot) whose own arrays are short: safe to print natively. */
function isRecordLike(value: unknown): boolean {
  if (!isContainer(value) || Array.isArray(value)) return false;
  for (const key in value) {
    const v = (value as Record<string, unknown>)[key];
    if (Array.isArray(v) ? v.length > 10_000 : isContainer(v) && !isSmall(v)) return false;
  }
  return true;
}

function isBatchable(value: unknown): boolean {
  if (!isContainer(value)) return true;
  return Array.isArray(value) ? isSmall(value) : isRecordLike(value);
}

/** Elements start…end-1 printed as JSON.stringify would inside their array, without brackets. */
function batch(value: unknown[], start: number, end: number, indent: string): string {
  const text = JSON.stringify(value.slice(start, end), null, 2) as string;
  // "[\n  a,\n  b\n]": drop the brackets and the two spaces the slice's own indent added.
  const body = text.slice(4, -2);
  return indent.length === 2 ? body : body.replaceAll('\n  ', `\n${indent}`);
}

/** JSON.stringify(value, null, 2) of a part printed at `indent`. */
function leaf(value: unknown, indent: string): string | undefined {
  const text = JSON.stringify(value, null, 2) as string | undefined;
  return text === undefined || indent === '' || !text.includes('\n')
    ? text
    : text.replaceAll('\n', `\n${indent}`);
}

function* pieces(value: unknown, indent: string): Generator<string> {
  if (!isContainer(value) || isSmall(value)) {
    yield leaf(value, indent) ?? 'null';
    return;
  }
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return yield '[]';
    yield '[';
    for (let i = 0; i < value.length; ) {
      yield `${i === 0 ? '' : ','}\n${inner}`;
      const item = value[i];
      if (!isBatchable(item)) {
        yield* pieces(item, inner);
        i += 1;
        continue;
      }
      // A run of records printed by one native call (the array's brackets cut off): a million
      // disposal lines would otherwise cost a million calls and re-indents.
      let end = i + 1;
      while (end < value.length && end - i < BATCH && isBatchable(value[end])) end += 1;
      // Like JSON.stringify: undefined, functions and symbols in an array print as null.
      const text = end - i === 1 ? (leaf(item, inner) ?? 'null') : batch(value, i, end, inner);
      yield text;
      i = end;
    }
    yield `\n${indent}]`;
    return;
  }
  let first = true;
  for (const [key, item] of Object.entries(value)) {
    const text = isContainer(item) && !isSmall(item) ? null : leaf(item, inner);
    if (text === undefined) continue; // JSON.stringify leaves out undefined properties
    yield `${first ? '{' : ','}\n${inner}${JSON.stringify(key)}: `;
    first = false;
    if (text === null) yield* pieces(item, inner);
    else yield text;
  }
  yield first ? '{}' : `\n${indent}}`;
}
