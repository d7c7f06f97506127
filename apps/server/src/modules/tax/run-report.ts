import type { ReportForm } from '@lotwise/contracts/tax/year';
import type { ReportModel } from '@lotwise/reports/model';
import { KeptWorker } from './kept-worker.ts';

type Reply = { id: number; ok: true; bytes: Uint8Array } | { id: number; ok: false; error: string };

/** The report worker thread (report-worker.ts), kept for the process. */
const reports = new KeptWorker<Uint8Array>(
  new URL('./report-worker-boot.mjs', import.meta.url),
  {},
  'Report',
  (message, _worker, settle) => {
    const reply = message as Reply;
    settle(
      reply.id,
      reply.ok ? { value: reply.bytes } : { error: new Error(`Report failed: ${reply.error}`) },
    );
  },
);

/** One report made in the report worker, so the server keeps answering meanwhile. */
export function reportInWorker(model: ReportModel, form: ReportForm): Promise<Uint8Array> {
  const { id, worker, done } = reports.start();
  worker.postMessage({ id, model, form });
  return done;
}
