import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { billingKeys } from '@/lib/api/billing/keys';
import { importsKeys } from '@/lib/api/imports/keys';
import { errorText } from '@/lib/api-client';
import { uploadErrorText } from '@/lib/import-state';
import { type RealtimeMessage, useImportsChannel } from '@/lib/realtime';
import { type UploadInput, uploadCsvRequest } from '../api/upload-csv';

export type UploadStage = 'uploading' | 'processing' | 'rejected';

/** One file on its way: sent (upload %), then parsed by a job (job %), or rejected by the server. */
export interface UploadItem {
  key: string;
  fileName: string;
  size: number;
  stage: UploadStage;
  uploadPercent: number;
  jobProgress: number;
  jobMessage: string | null;
  historyId: number | null;
  fileId: number | null;
  jobId: number | null;
  /** The job said the free import limit paused it (spec 01 §8). */
  jobPaused: boolean;
  error: string | null;
}

export type UploadOptions = Omit<UploadInput, 'file'>;

let counter = 0;

function applyJobMessage(items: UploadItem[], message: RealtimeMessage): UploadItem[] {
  if (message.event !== 'job' || !message.data) return items;
  const { id, progress, message: text, status } = message.data;
  if (typeof id !== 'number') return items;
  return items.map((item) =>
    item.jobId === id
      ? {
          ...item,
          jobProgress: typeof progress === 'number' ? progress : item.jobProgress,
          jobMessage: typeof text === 'string' ? text : item.jobMessage,
          // A paused job that runs again (a plan was bought) is no longer paused.
          jobPaused: typeof status === 'string' ? status === 'paused' : item.jobPaused,
        }
      : item,
  );
}

/**
 * Uploads files one request each (they run side by side) and follows their jobs on the imports
 * channel; the item components read the import's outcome from the server.
 */
export function useUploads() {
  const client = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const update = useCallback(
    (key: string, patch: Partial<UploadItem>) =>
      setItems((all) => all.map((item) => (item.key === key ? { ...item, ...patch } : item))),
    [],
  );

  useImportsChannel((message) => setItems((all) => applyJobMessage(all, message)));

  const upload = useCallback(
    (files: readonly File[], options: UploadOptions = {}) => {
      for (const file of files) {
        counter += 1;
        const key = `${Date.now()}-${counter}`;
        setItems((all) => [
          {
            key,
            fileName: file.name,
            size: file.size,
            stage: 'uploading',
            uploadPercent: 0,
            jobProgress: 0,
            jobMessage: null,
            historyId: null,
            fileId: null,
            jobId: null,
            jobPaused: false,
            error: null,
          },
          ...all,
        ]);
        uploadCsvRequest({ ...options, file }, (percent) => update(key, { uploadPercent: percent }))
          .then((result) => {
            update(key, {
              stage: 'processing',
              uploadPercent: 100,
              historyId: result.data.import_history_id,
              fileId: result.data.import_file_id,
              jobId: result.data.job_id,
            });
            // The upload may have hit the free import limit: read the limit again too.
            void client.invalidateQueries({ queryKey: billingKeys.importLimit() });
            return client.invalidateQueries({ queryKey: importsKeys.all });
          })
          .catch((error: unknown) =>
            update(key, { stage: 'rejected', error: uploadErrorText(errorText(error)) }),
          );
      }
    },
    [client, update],
  );

  const dismiss = useCallback((key: string) => setItems((all) => all.filter((i) => i.key !== key)), []);
  const clear = useCallback(() => setItems([]), []);

  return { items, upload, dismiss, clear };
}
