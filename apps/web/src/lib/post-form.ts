import { errorResponse } from '@lotwise/contracts/http';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { readCookie } from '@/lib/cookies';

/**
 * POST multipart/form-data with the CSRF header (the form's fields first, the file last, as
 * the server streams the file part to disk); the answer is checked against the call's schema.
 * Uploads that need progress (large exports) use XHR instead: features/imports/api/upload-csv.
 */
export async function postForm<R extends z.ZodTypeAny>(
  call: { path: string; response: R },
  form: FormData,
): Promise<z.infer<R>> {
  const response = await fetch(call.path, {
    method: 'POST',
    body: form,
    credentials: 'include',
    headers: { accept: 'application/json', 'x-csrf-token': readCookie('lotwise_csrf') ?? '' },
  });
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = errorResponse.safeParse(payload);
    if (parsed.success) {
      const { code, message, messages, field } = parsed.data;
      throw new ApiError(response.status, code, message, messages, field);
    }
    throw new ApiError(response.status, 'internal', 'The upload failed. Please try again.', []);
  }
  const parsed = call.response.safeParse(payload);
  if (!parsed.success)
    throw new ApiError(response.status, 'internal', 'The server sent an unexpected answer.', []);
  return parsed.data;
}
