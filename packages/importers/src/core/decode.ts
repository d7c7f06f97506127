/**
 * Bytes → text. Exports are UTF-8 (sometimes with a BOM); files re-saved by Excel on Windows
 * may be Windows-1252, where e.g. `€` is byte 0x80 and not valid UTF-8 (§1.1).
 */
export interface DecodedText {
  text: string;
  encoding: 'utf-8' | 'windows-1252';
}

export function decodeBytes(bytes: Uint8Array): DecodedText {
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
