/** A partner aggregator that hands users over with an `aggcode` (README "Partner hand-over"). */
export interface AggregatorConfig {
  /** The partner's API base: `POST <url>/handoffs/redeem`. */
  url: string;
  /** Lotwise's key with the partner, sent as a bearer token. */
  apiKey: string;
  /** The partner's name, as users know it. */
  name: string;
}

/**
 * AGGREGATOR_URL and AGGREGATOR_API_KEY switch the hand-over on (both, or neither: off);
 * AGGREGATOR_NAME is what users are told the partner is called.
 */
export function loadAggregatorConfig(env: NodeJS.ProcessEnv): AggregatorConfig | undefined {
  const url = env.AGGREGATOR_URL?.trim() ?? '';
  const apiKey = env.AGGREGATOR_API_KEY?.trim() ?? '';
  if (!url && !apiKey) return undefined;
  if (!url || !apiKey) {
    throw new Error(
      'Invalid configuration: AGGREGATOR_URL and AGGREGATOR_API_KEY go together (set both, or neither)',
    );
  }
  if (!URL.canParse(url)) throw new Error(`Invalid configuration: AGGREGATOR_URL: not a URL: ${url}`);
  return { url: url.replace(/\/+$/, ''), apiKey, name: env.AGGREGATOR_NAME?.trim() || 'our partner' };
}
