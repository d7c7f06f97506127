import { open } from 'node:fs/promises';
import { decodeBytes } from '@lotwise/importers/core/decode';
import { firstLinePreview, locateHeader } from '@lotwise/importers/detect';
import { FORMATS, findFormat } from '@lotwise/importers/registry';

const HEAD_BYTES = 64 * 1024;

/** Which layout a stored upload is, judged from its first lines only (the header is near the top). */
export async function detectUploadFormat(
  storagePath: string,
  wanted: string | undefined,
): Promise<{ id: string; label: string } | { error: string }> {
  const handle = await open(storagePath, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    const { text } = decodeBytes(buffer.subarray(0, bytesRead));
    if (wanted && wanted !== 'auto') {
      const def = findFormat(wanted);
      if (!def) return { error: `format: unknown format "${wanted}"` };
      return locateHeader(text, [def])
        ? { id: def.id, label: def.label }
        : { error: `file: this is not a ${def.label} file (first line: "${firstLinePreview(text)}")` };
    }
    const located = locateHeader(text, FORMATS);
    if (!located) {
      return {
        error: `file: unrecognised file layout: no known header row found (first line: "${firstLinePreview(text)}")`,
      };
    }
    return { id: located.def.id, label: located.def.label };
  } finally {
    await handle.close();
  }
}
