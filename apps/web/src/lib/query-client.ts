import { notifications } from '@mantine/notifications';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, errorText } from '@/lib/api-client';

declare module '@tanstack/react-query' {
  interface Register {
    /** inlineError: the component shows the error itself, so no toast. */
    mutationMeta: { inlineError?: boolean };
    queryMeta: { inlineError?: boolean };
  }
}

function toast(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) return; // the guard sends the user to /login
  if (error instanceof DOMException && error.name === 'AbortError') return;
  notifications.show({ color: 'red', title: 'Something went wrong', message: errorText(error) });
}

/** The one place that turns failed calls into toasts (unless a component shows them inline). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.inlineError) toast(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (!mutation.meta?.inlineError) toast(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
}
