/**
 * Draws PDF reports in a worker thread: pdf-lib draws synchronously, and a 4,000-line Form
 * 8949 held the server's thread for 2.5 s. Started once through pdf-worker-boot.mjs and fed
 * one report per message (run-pdf.ts).
 */
import { parentPort } from 'node:worker_threads';
import type { ReportModel } from '@lotwise/reports/model';
import { type PdfForm, pdfBytes } from './pdf-forms.ts';

parentPort?.on('message', async ({ id, model, form }: { id: number; model: ReportModel; form: PdfForm }) => {
  try {
    const bytes = await pdfBytes(model, form);
    parentPort?.postMessage({ id, ok: true, bytes }, [bytes.buffer as ArrayBuffer]);
  } catch (error) {
    parentPort?.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
