import { OAUTH_PROVIDERS, type OauthProvider } from '@lotwise/contracts/oauth/oauth';
import { Alert, Button, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useFinishOauth } from '@/lib/api/oauth/oauth';
import { errorText } from '@/lib/api-client';

const NAMES: Record<OauthProvider, string> = { coinbase: 'Coinbase' };
const isProvider = (p: string | undefined): p is OauthProvider =>
  OAUTH_PROVIDERS.some((known) => known === p);

/**
 * Where the exchange sends the browser back (the redirect URI): the answer in the query is posted
 * once (a GET never changes anything), then the user is on the imports page with the new account.
 */
export function OauthCallback() {
  const { provider } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const finish = useFinishOauth();
  const sent = useRef(false);
  const known = isProvider(provider);
  const name = known ? NAMES[provider] : (provider ?? 'the exchange');

  useEffect(() => {
    // Once only: the answer's state and code are single-use (a second post would be refused).
    if (!known || sent.current) return;
    sent.current = true;
    const value = (key: string) => params.get(key) ?? undefined;
    finish.mutate(
      {
        provider,
        answer: {
          state: params.get('state') ?? '',
          code: value('code'),
          error: value('error'),
          error_description: value('error_description'),
        },
      },
      { onSuccess: () => navigate(paths.imports.getHref(), { replace: true }) },
    );
  }, [known, provider, params, finish, navigate]);

  return (
    <Card p={{ base: 'md', sm: 'xl' }} maw={560} mx="auto" mt="xl" data-testid="oauth-callback">
      <Stack gap="md">
        <Title order={1} fz="h3">
          Connecting {name}
        </Title>
        {!known ? (
          <Alert color="red">This page only finishes a connection started from Lotwise.</Alert>
        ) : finish.isError ? (
          <Alert color="red" data-testid="oauth-callback-error">
            {errorText(finish.error)}
          </Alert>
        ) : (
          <Stack gap="xs" align="flex-start">
            <Loader size="sm" />
            <Text fz="sm" c="dimmed">
              Checking {name}'s answer and starting the import…
            </Text>
          </Stack>
        )}
        {!known || finish.isError ? (
          <Button component={Link} to={paths.imports.getHref()} variant="default" w="fit-content">
            Back to imports
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}
