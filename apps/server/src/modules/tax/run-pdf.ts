import type { ReportModel } from '@lotwise/reports/model';
import { KeptWorker } from './kept-worker.ts';
import type { PdfForm } from './pdf-forms.ts';

type Reply = { id: number; ok: true; bytes: Uint8Array } | { id: number; ok: false; error: string };

/** The PDF worker thread (pdf-worker.ts), kept for the process. */
const pdfs = new KeptWorker<Uint8Array>(
  new URL('./pdf-worker-boot.mjs', import.meta.url),
  {},
  'PDF report',
  (message, _worker, settle) => {
    const reply = message as Reply;
    settle(
      reply.id,
      reply.ok ? { value: reply.bytes } : { error: new Error(`PDF report failed: ${reply.error}`) },
    );
  },
);

/** One PDF report drawn in the PDF worker, so the server keeps answering meanwhile. */
export function pdfInWorker(model: ReportModel, form: PdfForm): Promise<Uint8Array> {
  const { id, worker, done } = pdfs.start();
  worker.postMessage({ id, model, form });
  return done;
}
