import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
}

const fieldOf = (issue: ValidationIssue | undefined) =>
  issue?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || undefined;

/** "email: Enter a valid e-mail address" — the field first, then what is wrong with it. */
function describeIssue(issue: ValidationIssue, context: string | undefined): string {
  const where = fieldOf(issue) ?? context ?? '';
  const message = issue.message ?? 'is invalid';
  return where ? `${where}: ${message}` : message;
}

/** Every failure leaves as an ErrorResponse; nothing unexpected leaks its stack to the client. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(error.toJSON());
    }
    const validation = (error as FastifyError).validation as ValidationIssue[] | undefined;
    if (validation) {
      const messages = validation.map((i) => describeIssue(i, (error as FastifyError).validationContext));
      const first = fieldOf(validation[0]);
      return reply.status(400).send(
        new AppError('validation_failed', messages.join('. '), {
          messages,
          ...(first ? { field: first } : {}),
        }).toJSON(),
      );
    }
    if (error.statusCode === 429) {
      return reply
        .status(429)
        .send(
          new AppError(
            'rate_limited',
            'Too many attempts. Please wait a few minutes and try again.',
          ).toJSON(),
        );
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(new AppError('validation_failed', error.message).toJSON());
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(new AppError('internal', 'Something went wrong').toJSON());
  });
}

export function apiNotFound(method: string, url: string) {
  return new AppError('not_found', `No API route ${method} ${url}`).toJSON();
}
