/**
 * Makes report files in a worker thread: pdf-lib draws synchronously (a 4,000-line Form 8949
 * held the server's thread for 2.5 s) and a CSV of a busy year takes about a second to build.
 * Started once through report-worker-boot.mjs and fed one report per message (run-report.ts).
 */
import { parentPort } from 'node:worker_threads';
import type { ReportForm } from '@lotwise/contracts/tax/year';
import type { ReportModel } from '@lotwise/reports/model';
import { reportBytes } from './report-bytes.ts';

parentPort?.on(
  'message',
  async ({ id, model, form }: { id: number; model: ReportModel; form: ReportForm }) => {
    try {
      const bytes = await reportBytes(model, form);
      parentPort?.postMessage({ id, ok: true, bytes }, [bytes.buffer as ArrayBuffer]);
    } catch (error) {
      parentPort?.postMessage({
        id,
        ok: false,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  },
);
