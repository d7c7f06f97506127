import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { theme } from '@/config/theme';
import { setUnauthenticatedHandler } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { clearSessionUser } from '@/lib/session/session';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);

  useEffect(() => {
    // A 401 on a protected call means the session ended: forget the user and the guard sends to /login.
    setUnauthenticatedHandler(() => clearSessionUser(queryClient));
    return () => setUnauthenticatedHandler(null);
  }, [queryClient]);

  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Notifications position="top-right" zIndex={1000} />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
