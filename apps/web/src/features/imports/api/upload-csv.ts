import { errorResponse } from '@lotwise/contracts/http';
import { uploadCsv } from '@lotwise/contracts/imports/uploads';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { readCookie } from '@/lib/cookies';

export type UploadResult = z.infer<typeof uploadCsv.response>;

export interface UploadInput {
  file: File;
  /** A format id, or undefined for automatic detection. */
  format?: string | undefined;
  /** Add to this existing account. */
  importHistoryId?: number | undefined;
  customName?: string | undefined;
  walletAddress?: string | undefined;
  /** Force a new account even when one of the same exchange exists. */
  newAccount?: boolean | undefined;
}

/** The form fields first, the file last, as the server streams the file part to disk. */
export function uploadFormData(input: UploadInput): FormData {
  const form = new FormData();
  if (input.format && input.format !== 'auto') form.append('format', input.format);
  if (input.importHistoryId !== undefined) form.append('import_history_id', String(input.importHistoryId));
  if (input.customName?.trim()) form.append('custom_name', input.customName.trim());
  if (input.walletAddress?.trim()) form.append('wallet_address', input.walletAddress.trim());
  if (input.newAccount) form.append('new_account', 'true');
  form.append('file', input.file, input.file.name);
  return form;
}

export function parseUploadAnswer(status: number, payload: unknown): UploadResult {
  if (status < 200 || status >= 300) {
    const parsed = errorResponse.safeParse(payload);
    if (parsed.success) {
      const { code, message, messages, field } = parsed.data;
      throw new ApiError(status, code, message, messages, field);
    }
    throw new ApiError(status, 'internal', 'The upload failed. Please try again.', []);
  }
  const parsed = uploadCsv.response.safeParse(payload);
  if (!parsed.success) throw new ApiError(status, 'internal', 'The server sent an unexpected answer.', []);
  return parsed.data;
}

/**
 * POST multipart/form-data to /api/imports/v1/csv_imports with the CSRF header. XHR rather
 * than fetch, for the upload progress of large files.
 */
export function uploadCsvRequest(
  input: UploadInput,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(uploadCsv.method, uploadCsv.path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    const token = readCookie('lotwise_csrf');
    if (token) xhr.setRequestHeader('x-csrf-token', token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let payload: unknown = null;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        payload = null;
      }
      try {
        resolve(parseUploadAnswer(xhr.status, payload));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () =>
      reject(
        new ApiError(0, 'internal', 'Cannot reach the server. Check your connection and try again.', []),
      );
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(uploadFormData(input));
  });
}
