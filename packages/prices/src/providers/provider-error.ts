/** Why a provider gave no answer; only `no_data` is an answer (the provider has no such prices). */
export type ProviderErrorKind = 'down' | 'rate_limited' | 'malformed' | 'unauthorized' | 'no_data';

export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly kind: ProviderErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
