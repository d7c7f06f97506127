import { onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { holdQueriesForSessionSwitch } from './hold-queries';

afterEach(() => onlineManager.setOnline(true));

describe('holding queries while the session changes hands', () => {
  it('aborts the fetch in flight and starts none until it is undone', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.mount(); // as QueryClientProvider does: it follows the online state
    const started: string[] = [];
    const aborted: string[] = [];
    const observer = new QueryObserver(client, {
      queryKey: ['details'],
      queryFn: ({ signal }) =>
        new Promise<string>((resolve) => {
          started.push('details');
          signal.addEventListener('abort', () => aborted.push('details'));
          setTimeout(() => resolve('answer'), 5_000);
        }),
    });
    const stop = observer.subscribe(() => {});
    await Promise.resolve();
    expect(started).toEqual(['details']);

    const resume = await holdQueriesForSessionSwitch(client);
    expect(aborted).toEqual(['details']);
    // A page that refetches meanwhile (a mount, an invalidation) sends nothing.
    void client.invalidateQueries();
    await new Promise((r) => setTimeout(r, 20));
    expect(started).toEqual(['details']);
    expect(client.getQueryState(['details'])?.fetchStatus).toBe('paused');

    // A switch that failed leaves the page working again.
    resume();
    await new Promise((r) => setTimeout(r, 20));
    expect(started).toEqual(['details', 'details']);
    stop();
    client.unmount();
    client.clear();
  });
});
