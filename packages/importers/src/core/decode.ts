/**
 * Bytes → text. Exports are UTF-8 (sometimes with a BOM); files re-saved by Excel on Windows
 * may be Windows-1252, where e.g. `€` is byte 0x80 and not valid UTF-8 (§1.1); Excel's
 * "Unicode text" and some Windows tools write UTF-16 (little or big endian, with or without a
 * BOM), told apart by the BOM or by the zero bytes of ASCII text in UTF-16 (issue 29).
 */
export type TextEncoding = 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';

export interface DecodedText {
  text: string;
  encoding: TextEncoding;
}

/** How many leading bytes `sniffUtf16` looks at. */
export const UTF16_SNIFF_BYTES = 1024;

/**
 * UTF-16 from its BOM, or without one when at least 60 % of the first UTF16_SNIFF_BYTES bytes'
 * high halves are zero (ASCII in UTF-16) and under 10 % of the low halves: a CSV export is
 * mostly ASCII, and UTF-8 or Windows-1252 text has no zero bytes at all.
 */
export function sniffUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  if (bytes.length >= 2) {
    if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
    if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  }
  const n = Math.min(bytes.length, UTF16_SNIFF_BYTES) & ~1;
  if (n < 4) return null;
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZero += 1;
    if (bytes[i + 1] === 0) oddZero += 1;
  }
  const pairs = n / 2;
  if (oddZero * 10 >= pairs * 6 && evenZero * 10 < pairs) return 'utf-16le';
  if (evenZero * 10 >= pairs * 6 && oddZero * 10 < pairs) return 'utf-16be';
  return null;
}

export function decodeBytes(bytes: Uint8Array): DecodedText {
  const utf16 = sniffUtf16(bytes);
  if (utf16 !== null) return { text: stripBom(new TextDecoder(utf16).decode(bytes)), encoding: utf16 };
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return { text: stripBom(text), encoding: 'utf-8' };
  } catch {
    return { text: stripBom(decodeWindows1252(bytes)), encoding: 'windows-1252' };
  }
}

/** 0x80–0x9F of Windows-1252 (Node's TextDecoder may treat the label as Latin-1 there). */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  const chunk = 65_536;
  for (let start = 0; start < bytes.length; start += chunk) {
    let s = '';
    const end = Math.min(bytes.length, start + chunk);
    for (let i = start; i < end; i += 1) {
      const b = bytes[i] as number;
      s += b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] : String.fromCharCode(b);
    }
    parts.push(s);
  }
  return parts.join('');
}

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** How many bytes from the first non-ASCII byte `StreamDecoder` looks at before choosing. */
export const ENCODING_DECISION_BYTES = 65_536;

/**
 * Chunked bytes → text with the same UTF-8 / Windows-1252 choice as `decodeBytes`, without
 * holding the file. ASCII decodes the same either way, so the choice is made at the first
 * non-ASCII byte: the bytes from there are held until `ENCODING_DECISION_BYTES` of them (or the
 * end of the input) are there; if they are valid UTF-8 (an incomplete sequence at the window's
 * end is fine) the file is UTF-8, otherwise Windows-1252. This matches `decodeBytes` for every
 * file that is consistently one or the other; a file that is valid UTF-8 in that window but
 * has invalid bytes later stays UTF-8 (those bytes become U+FFFD), where `decodeBytes` would
 * have re-read the whole file as Windows-1252. A leading BOM is dropped as in `decodeBytes`.
 */
export class StreamDecoder {
  private mode: 'start' | 'ascii' | TextEncoding = 'start';
  private readonly utf8 = new TextDecoder('utf-8', { ignoreBOM: false });
  private utf16: InstanceType<typeof TextDecoder> | null = null;
  private sniffed: Uint8Array[] = [];
  private sniffedBytes = 0;
  private held: Uint8Array[] = [];
  private heldBytes = 0;
  private started = false;

  /** The encoding chosen so far ('utf-8' while everything seen was ASCII). */
  get encoding(): TextEncoding {
    return this.mode === 'start' || this.mode === 'ascii' ? 'utf-8' : this.mode;
  }

  decode(bytes: Uint8Array): string {
    return this.out(this.take(bytes, false));
  }

  /** Flush held bytes at the end of the input. */
  end(): string {
    return this.out(this.take(new Uint8Array(0), true));
  }

  private take(bytes: Uint8Array, final: boolean): string {
    if (this.mode === 'start') {
      // The first UTF16_SNIFF_BYTES bytes decide whether the file is UTF-16 (see sniffUtf16).
      if (bytes.length > 0) {
        this.sniffed.push(bytes.slice());
        this.sniffedBytes += bytes.length;
      }
      if (!final && this.sniffedBytes < UTF16_SNIFF_BYTES) return '';
      const all = concat(this.sniffed, this.sniffedBytes);
      this.sniffed = [];
      const utf16 = sniffUtf16(all);
      if (utf16 !== null) {
        this.mode = utf16;
        this.utf16 = new TextDecoder(utf16);
        return this.utf16.decode(all, { stream: !final });
      }
      this.mode = 'ascii';
      return this.take(all, final);
    }
    if (this.utf16 !== null) return this.utf16.decode(bytes, { stream: !final });
    if (this.mode === 'utf-8') return this.utf8.decode(bytes, { stream: !final });
    if (this.mode === 'windows-1252') return decodeWindows1252(bytes);
    if (this.heldBytes === 0) {
      let k = 0;
      while (k < bytes.length && (bytes[k] as number) < 0x80) k += 1;
      if (k === bytes.length) return this.utf8.decode(bytes, { stream: !final });
      const ascii = this.utf8.decode(bytes.subarray(0, k), { stream: true });
      this.hold(bytes.subarray(k));
      return ascii + this.decideIfReady(final);
    }
    this.hold(bytes);
    return this.decideIfReady(final);
  }

  private hold(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    this.held.push(bytes.slice());
    this.heldBytes += bytes.length;
  }

  private decideIfReady(final: boolean): string {
    if (!final && this.heldBytes < ENCODING_DECISION_BYTES) return '';
    const all = concat(this.held, this.heldBytes);
    this.held = [];
    this.heldBytes = 0;
    try {
      new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(all, { stream: !final });
      this.mode = 'utf-8';
      return this.utf8.decode(all, { stream: !final });
    } catch {
      this.mode = 'windows-1252';
      return decodeWindows1252(all);
    }
  }

  private out(text: string): string {
    if (this.started || text === '') return text;
    this.started = true;
    return stripBom(text);
  }
}

function concat(parts: Uint8Array[], total: number): Uint8Array {
  const all = new Uint8Array(total);
  let at = 0;
  for (const b of parts) {
    all.set(b, at);
    at += b.length;
  }
  return all;
}
