import { apiErrorFrom } from '@/lib/api-client';

/** What fetching a report gave: the file, a plan to buy first (HTTP 402), or an error. */
export type ReportFetch =
  | { kind: 'file'; blob: Blob; filename: string }
  | { kind: 'payment_required'; taxYear: number | null }
  | { kind: 'error'; message: string };

/** The file name of a Content-Disposition header (filename*=UTF-8'' or filename="…"). */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/.exec(header);
  const name = plain?.[1] ?? plain?.[2] ?? null;
  return name ? name.trim() : null;
}

/** "lotwise-form-8949-2024.pdf" for form-8949.pdf of 2024, as the server names it. */
export function reportFileName(year: number, form: string): string {
  const dot = form.lastIndexOf('.');
  const base = dot > 0 ? form.slice(0, dot) : form;
  const ext = dot > 0 ? form.slice(dot) : '';
  return `lotwise-${base}-${year}${ext}`;
}

/** Fetches a report as a file; a 402 (payment_required) is returned, not thrown. */
export async function fetchReport(url: string, fallbackName: string): Promise<ReportFetch> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'include' });
  } catch {
    return { kind: 'error', message: 'Cannot reach the server. Check your connection and try again.' };
  }
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => null);
    const error = apiErrorFrom(response.status, payload);
    if (error.status === 402 || error.code === 'payment_required')
      return { kind: 'payment_required', taxYear: error.taxYear ?? null };
    return { kind: 'error', message: error.display };
  }
  const blob = await response.blob();
  const filename = filenameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName;
  return { kind: 'file', blob, filename };
}

/** Saves a fetched file through an object URL (the browser's own download). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  // Give the browser time to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
