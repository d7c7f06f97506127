import { Center, Container } from '@mantine/core';
import { Navigate, Outlet } from 'react-router';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { errorText } from '@/lib/api-client';
import { UnauthorisedScreen } from './unauthorised-screen';
import { useAccessDecision } from './use-access-decision';

/** Wraps every protected page: loading, server errors, the unauthorised screen and redirects. */
export function ProtectedLayout() {
  const { decision, session } = useAccessDecision();
  if (session.isPending) return <LoadingState fullPage label="Loading your account…" />;
  // A failed background refetch keeps the last known session; only a first load failure blocks.
  if (!decision) {
    return (
      <Center mih="100dvh">
        <Container size="xs">
          <ErrorState
            title="Cannot reach Lotwise"
            message={errorText(session.error)}
            onRetry={() => void session.refetch()}
          />
        </Container>
      </Center>
    );
  }
  if (decision.kind === 'unauthorised') return <UnauthorisedScreen />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}
