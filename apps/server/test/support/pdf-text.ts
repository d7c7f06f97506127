import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import type { TestClient } from './http-client.ts';
import type { TestServer } from './test-server.ts';

/** The text drawn on each page (pdf-lib writes Flate-compressed content streams). */
export async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const raw = page.node.Contents();
    const refs = raw && 'asArray' in raw ? (raw as { asArray(): unknown[] }).asArray() : [raw];
    return refs
      .map((ref) => {
        const stream = doc.context.lookup(ref as never) as { contents?: Uint8Array } | undefined;
        if (!stream?.contents) return '';
        try {
          return inflateSync(stream.contents).toString('latin1');
        } catch {
          return Buffer.from(stream.contents).toString('latin1');
        }
      })
      .join('\n')
      .replace(
        /<([0-9A-Fa-f]+)>\s*Tj/g,
        (_, hex: string) => `${Buffer.from(hex, 'hex').toString('latin1')} Tj`,
      );
  });
}

/** A download as its bytes (TestClient reads answers as JSON or text), with the client's session. */
export async function download(server: TestServer, client: TestClient, url: string) {
  const cookies = (client as unknown as { cookies: Map<string, string> }).cookies;
  const res = await server.app.inject({
    method: 'GET',
    url,
    headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  return { status: res.statusCode, bytes: res.rawPayload, text: res.body };
}
