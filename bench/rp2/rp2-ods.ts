/**
 * RP2's input files from rows already in its terms (rp2-input.ts): the .ods (one sheet per
 * asset with its IN, OUT and INTRA tables, each opened by its keyword and closed by TABLE END)
 * and the .ini that names the columns, assets, exchanges and holder.
 */
import { storedZip } from './zip.ts';

/** The one holder: every wallet is the user's own. */
export const HOLDER = 'me';

/** Text, a number (its exact decimal text) or an empty cell (RP2 reads None: "not given"). */
export type Cell = string | { n: string } | null;

export interface AssetSheet {
  in: Cell[][];
  out: Cell[][];
  intra: Cell[][];
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function cellXml(cell: Cell): string {
  if (cell === null) return '<table:table-cell/>';
  if (typeof cell === 'string') {
    return `<table:table-cell office:value-type="string"><text:p>${escapeXml(cell)}</text:p></table:table-cell>`;
  }
  return `<table:table-cell office:value-type="float" office:value="${cell.n}"/>`;
}

const rowXml = (cells: Cell[]) => `<table:table-row>${cells.map(cellXml).join('')}</table:table-row>`;

/** The columns an IN and an OUT row begin with. */
const ROW_START = ['timestamp', 'asset', 'exchange', 'holder', 'transaction_type', 'spot_price'];
const IN_HEADER = [
  ...ROW_START,
  'crypto_in',
  'fiat_fee',
  'fiat_in_no_fee',
  'fiat_in_with_fee',
  'unique_id',
  'notes',
];
const OUT_HEADER = [...ROW_START, 'crypto_out_no_fee', 'crypto_fee', 'fiat_out_no_fee', 'unique_id', 'notes'];
const INTRA_HEADER = [
  'timestamp',
  'asset',
  'from_exchange',
  'from_holder',
  'to_exchange',
  'to_holder',
  'spot_price',
  'crypto_sent',
  'crypto_received',
  'unique_id',
  'notes',
];

/** content.xml in many buffers (a million rows is about a gigabyte of XML). */
export function odsFile(assets: string[], sheets: Map<string, AssetSheet>): Buffer[] {
  const parts: Buffer[] = [];
  let text = '';
  const push = (s: string) => {
    text += s;
    if (text.length > 1 << 20) {
      parts.push(Buffer.from(text, 'utf8'));
      text = '';
    }
  };
  push(
    '<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2"><office:body><office:spreadsheet>',
  );
  for (const asset of assets) {
    const s = sheets.get(asset)!;
    push(`<table:table table:name="${escapeXml(asset)}">`);
    const table = (keyword: string, header: string[], rows: Cell[][]) => {
      if (rows.length === 0) return;
      rows.sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : 0));
      push(rowXml([keyword]));
      push(rowXml(header));
      for (const row of rows) push(rowXml(row));
      push(rowXml(['TABLE END']));
    };
    table('IN', IN_HEADER, s.in);
    table('OUT', OUT_HEADER, s.out);
    table('INTRA', INTRA_HEADER, s.intra);
    push('</table:table>');
  }
  push('</office:spreadsheet></office:body></office:document-content>');
  parts.push(Buffer.from(text, 'utf8'));
  const manifest =
    '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>';
  return storedZip([
    { name: 'mimetype', parts: [Buffer.from('application/vnd.oasis.opendocument.spreadsheet')] },
    { name: 'META-INF/manifest.xml', parts: [Buffer.from(manifest)] },
    { name: 'content.xml', parts },
  ]);
}

export function iniFile(assets: string[], wallets: string[]): string {
  const columns = (names: string[]) => names.map((name, i) => `${name} = ${i}`).join('\n');
  return [
    '[general]',
    `assets = ${assets.join(', ')}`,
    `exchanges = ${wallets.join(', ')}`,
    `holders = ${HOLDER}`,
    '',
    '[in_header]',
    columns(IN_HEADER),
    '',
    '[out_header]',
    columns(OUT_HEADER),
    '',
    '[intra_header]',
    columns(INTRA_HEADER),
    '',
  ].join('\n');
}
