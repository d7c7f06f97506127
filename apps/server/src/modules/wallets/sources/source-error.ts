/** Why a connected source could not be read, and the spec's words for it (spec 01 §5, §8). */
export type SourceErrorKind = 'missing_key' | 'bad_key' | 'rate_limited' | 'down' | 'malformed';

export function sourceMessage(source: string, kind: SourceErrorKind): string {
  switch (kind) {
    case 'missing_key':
      return 'Please Provide Correct Api-Key and Secret.';
    case 'bad_key':
      return 'Oops! Keys are invalid or has permission issues,please obtain a new one and try.';
    case 'rate_limited':
    case 'down':
      return `${source} service is not currently responding, please try importing again in a bit.`;
    case 'malformed':
      return `${source} import failed, please try again and contact customer support if the issue persists.`;
  }
}

export class SourceError extends Error {
  constructor(
    readonly source: string,
    readonly kind: SourceErrorKind,
    /** What went wrong, for the log (never a secret). */
    readonly detail?: string,
  ) {
    super(sourceMessage(source, kind));
    this.name = 'SourceError';
  }
}

/** ccxt's error classes mapped onto the kinds the user is told about. */
export async function sourceErrorOf(source: string, error: unknown): Promise<SourceError> {
  if (error instanceof SourceError) return error;
  const ccxt = await import('ccxt');
  const detail = error instanceof Error ? error.message : String(error);
  if (error instanceof ccxt.RateLimitExceeded || error instanceof ccxt.DDoSProtection) {
    return new SourceError(source, 'rate_limited', detail);
  }
  if (error instanceof ccxt.AuthenticationError || error instanceof ccxt.PermissionDenied) {
    return new SourceError(source, 'bad_key', detail);
  }
  if (error instanceof ccxt.NetworkError || error instanceof ccxt.ExchangeNotAvailable) {
    return new SourceError(source, 'down', detail);
  }
  return new SourceError(source, 'malformed', detail);
}
