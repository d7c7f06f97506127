import type { ErrorCode, ErrorResponse } from '@lotwise/contracts/http';

const HTTP_STATUS: Record<ErrorCode, number> = {
  validation_failed: 400,
  weak_password: 400,
  invalid_token: 400,
  invalid_mfa_code: 401,
  invalid_credentials: 401,
  unauthenticated: 401,
  mfa_required: 401,
  csrf_failed: 403,
  method_not_allowed: 405,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  email_taken: 409,
  rate_limited: 429,
  payment_required: 402,
  internal: 500,
};

/** The one error type services throw; the error handler turns it into an ErrorResponse. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly messages: string[];
  readonly field: string | undefined;
  readonly payment: { trace_id: string; tax_year: number } | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { messages?: string[]; field?: string; payment?: { trace_id: string; tax_year: number } } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.messages = options.messages ?? [message];
    this.field = options.field;
    this.payment = options.payment;
  }

  get statusCode(): number {
    return HTTP_STATUS[this.code];
  }

  toJSON(): ErrorResponse {
    return {
      status: 'error',
      code: this.code,
      message: this.message,
      messages: this.messages,
      ...(this.field ? { field: this.field } : {}),
      ...(this.payment ? { payment_required: true as const, ...this.payment } : {}),
    };
  }
}

/**
 * "Account not found": `what` names the missing thing in a word or two ('Account', 'Form
 * 1099-DA'), never a sentence (apps/server/test/not-found-labels.test.ts holds every call to
 * that). A 404 that explains more is an AppError('not_found', …) of its own sentence.
 */
export const notFound = (what: string) => new AppError('not_found', `${what} not found`);
export const forbidden = () => new AppError('forbidden', "You don't have access to this");
