import { describe, expect, it } from 'vitest';
import { decodeBytes } from '../src/core/decode.ts';
import { firstLinePreview } from '../src/detect.ts';

describe('firstLinePreview (the "unrecognised layout" message)', () => {
  it('quotes the first line of a text file', () => {
    expect(firstLinePreview('\n\nfoo,bar,baz\n1,2,3\n')).toBe('foo,bar,baz');
  });

  it('names a spreadsheet instead of echoing its bytes (issue 22)', () => {
    // The start of an .xlsx: a ZIP local header, then binary.
    const bytes = Buffer.from([
      0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0x00, 0x00, 0x21, 0x00, 0xff, 0xfe, 0x80,
      0x81, 0x00, 0x00, 0x5b, 0x43, 0x6f, 0x6e, 0x74, 0x65, 0x6e, 0x74, 0x5f, 0x54, 0x79, 0x70, 0x65, 0x73,
      0x5d, 0x2e, 0x78, 0x6d, 0x6c, 0x00, 0x9c, 0x92, 0xcb, 0x4e, 0x00, 0x01, 0x02,
    ]);
    const preview = firstLinePreview(decodeBytes(bytes).text);
    expect(preview).toContain('(a ZIP archive or Excel workbook; export the sheet as CSV)');
    expect(preview).toMatch(/^PK/);
    // Nothing unprintable survives, and it stays short.
    expect([...preview].every((c) => c >= ' ' && c !== '\ufffd')).toBe(true);
    expect(preview.length).toBeLessThan(100);
  });

  it('names a PDF', () => {
    const text = `%PDF-1.7\n${'\u0000\u0001\u0002\ufffd'.repeat(50)}`;
    expect(firstLinePreview(text)).toContain('(a PDF; download the CSV export instead)');
  });
});
