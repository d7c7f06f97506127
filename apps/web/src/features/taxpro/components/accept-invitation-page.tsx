import { ACCEPTED_MESSAGE, ALREADY_ACCEPTED_MESSAGE } from '@lotwise/contracts/taxpro/taxpro';
import { Alert, Anchor, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useAcceptToken } from '@/lib/api/taxpro/taxpro';
import { errorText } from '@/lib/api-client';
import { COOKIES, writeCookie } from '@/lib/cookies';
import { useSession } from '@/lib/session/session';

/** /accept_invitation?token=…: signed in, the token is spent at once; signed out, sign in first and come back. */
export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { data: session, isPending } = useSession();
  const accept = useAcceptToken();
  const tried = useRef(false);
  const signedIn = Boolean(session?.user);

  useEffect(() => {
    if (signedIn && token && !tried.current) {
      tried.current = true;
      accept.mutate(token);
    }
  }, [signedIn, token, accept]);

  const back = `/accept_invitation?token=${encodeURIComponent(token)}`;
  // Signed out: remember this page, so that signing in — or signing up and finishing onboarding —
  // comes back here and spends the token (the only proof the invitation is yours: issue 32).
  useEffect(() => {
    if (!isPending && !signedIn && token) writeCookie(COOKIES.redirect, back, 60 * 60);
  }, [isPending, signedIn, token, back]);
  let body: ReactNode;
  if (!token)
    body = <Alert color="red">This link has no invitation in it. Open the link from the e-mail again.</Alert>;
  else if (isPending || (signedIn && (accept.isPending || accept.isIdle)))
    body = (
      <Center py="lg">
        <Loader color="teal" />
      </Center>
    );
  else if (!signedIn)
    body = (
      <Stack gap="sm">
        <Text fz="sm">
          Sign in (or create an account) with the e-mail address the invitation was sent to, and it will be
          accepted.
        </Text>
        <Button component={Link} to={paths.auth.login.getHref(back)}>
          Sign in to accept
        </Button>
        <Anchor
          component={Link}
          to={`${paths.auth.newSignUp.path}?redirect=${encodeURIComponent(back)}`}
          fz="sm"
        >
          Create an account
        </Anchor>
      </Stack>
    );
  else if (accept.isError)
    body = (
      <Alert color="red" title="Failed to confirm invitation" role="alert">
        {errorText(accept.error)}
      </Alert>
    );
  else if (accept.data?.already_accepted) {
    // The e-mail opened again after accepting: say so, and go to the client (issue 35).
    const clientId = accept.data.client_id;
    const toClient = accept.data.from_role === 'customer';
    body = (
      <Stack gap="sm">
        <Alert color="teal" title={ALREADY_ACCEPTED_MESSAGE} data-testid="invitation-already-accepted">
          {toClient
            ? 'This client is already on your Tax Pro dashboard.'
            : 'Your accountant can already work in your account.'}
        </Alert>
        <Button
          component={Link}
          to={
            toClient
              ? clientId
                ? paths.taxPro.viewCustomer.getHref(clientId)
                : paths.taxPro.dashboard.path
              : paths.workWithTaxPro.path
          }
        >
          {toClient ? 'Open the client' : 'See your accountants'}
        </Button>
      </Stack>
    );
  } else
    body = (
      <Stack gap="sm">
        <Alert color="teal" title={ACCEPTED_MESSAGE} data-testid="invitation-confirmed">
          {accept.data?.from_role === 'customer'
            ? 'Your new client is on your Tax Pro dashboard.'
            : 'Your accountant can now work in your account.'}
        </Alert>
        <Button
          component={Link}
          to={accept.data?.from_role === 'customer' ? paths.taxPro.dashboard.path : paths.workWithTaxPro.path}
        >
          Continue
        </Button>
      </Stack>
    );
  return (
    <Center py="xl" px="md">
      <Paper withBorder radius="md" p="lg" w="100%" maw={460}>
        <Title order={1} fz="xl" mb="md">
          Accept invitation
        </Title>
        {body}
      </Paper>
    </Center>
  );
}
