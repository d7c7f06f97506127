import type { ImportResult } from '@lotwise/contracts/normalised';
import { decodeBytes } from './core/decode.ts';
import { runFormat } from './core/driver.ts';
import type { ParseOptions } from './core/types.ts';
import { firstLinePreview, HEADER_SEARCH_LINES, locateHeader } from './detect.ts';
import { FORMATS, findFormat } from './registry.ts';

export type { ParseOptions } from './core/types.ts';

/**
 * File bytes → normalised transactions, skipped rows and row errors. Detects the layout from
 * the header row unless `format` names one. Never throws for bad input: problems come back
 * as `errors` with the physical line and column.
 */
export function parseFile(bytes: Uint8Array, options: ParseOptions = {}): ImportResult {
  const { text } = decodeBytes(bytes);
  const wanted = options.format && options.format !== 'auto' ? options.format : null;
  if (wanted) {
    const def = findFormat(wanted);
    if (!def) {
      const known = FORMATS.map((f) => f.id).join(', ');
      return failure('unknown', `Unknown format "${wanted}". Known formats: ${known}`);
    }
    const located = locateHeader(text, [def]);
    if (!located) {
      return failure(
        def.id,
        `Header of ${def.label} not found in the first ${HEADER_SEARCH_LINES} lines (first line: "${firstLinePreview(text)}")`,
      );
    }
    return runFormat(def, text, located.header, located.bodyOffset, options);
  }
  const located = locateHeader(text, FORMATS);
  if (!located) {
    return failure(
      'unknown',
      `Unrecognised file layout: no known header row found (first line: "${firstLinePreview(text)}")`,
    );
  }
  return runFormat(located.def, text, located.header, located.bodyOffset, options);
}

export function listFormats(): { id: string; label: string }[] {
  return FORMATS.map((f) => ({ id: f.id, label: f.label }));
}

function failure(format: string, message: string): ImportResult {
  return { format, transactions: [], skipped: [], errors: [{ line: 1, column: null, message }] };
}
