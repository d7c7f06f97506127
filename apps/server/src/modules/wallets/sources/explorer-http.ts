import { SourceError } from './source-error.ts';

export interface ExplorerHttpOptions {
  retries?: number | undefined;
  backoffMs?: number | undefined;
}

/**
 * One GET to a block explorer's JSON API (Esplora, Blockbook): a 429 is waited out with
 * back-off a few times, then — like a 5xx or no answer — the service is "not responding";
 * any other refusal or a reply that is not JSON is a failed import. `source` names the chain
 * in the user's message.
 */
export async function getExplorerJson<T>(
  source: string,
  url: string,
  options: ExplorerHttpOptions = {},
): Promise<T> {
  const tries = options.retries ?? 4;
  const route = new URL(url).pathname;
  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
    } catch (error) {
      throw new SourceError(source, 'down', error instanceof Error ? error.message : String(error));
    }
    if (res.status === 429 && attempt + 1 < tries) {
      await res.body?.cancel();
      await new Promise((r) => setTimeout(r, (options.backoffMs ?? 1000) * 2 ** attempt));
      continue;
    }
    if (res.status === 429 || res.status >= 500) {
      await res.body?.cancel();
      throw new SourceError(source, 'down', `HTTP ${res.status}`);
    }
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      throw new SourceError(source, 'malformed', `HTTP ${res.status} for ${route}: ${text.slice(0, 200)}`);
    }
    try {
      return (await res.json()) as T;
    } catch {
      throw new SourceError(source, 'malformed', `a reply that is not JSON for ${route}`);
    }
  }
}
