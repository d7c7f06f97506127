import type { OauthProvider } from '@lotwise/contracts/oauth/oauth';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useStartOauth } from '@/lib/api/oauth/oauth';
import { errorText } from '@/lib/api-client';

/**
 * "Connect with Coinbase" (issue 33): the browser goes to the exchange's consent page and comes
 * back to /oauth/<provider>/callback. Only read-only access is asked for.
 */
export function ConnectWithButton({
  provider,
  name,
  customName,
}: {
  provider: OauthProvider;
  name: string;
  customName?: string;
}) {
  const start = useStartOauth();
  return (
    <Stack gap="xs" data-testid="oauth-connect">
      <Text fz="sm" c="dimmed">
        Sign in to {name} and allow Lotwise to read your accounts and transactions. Lotwise cannot trade or
        send anything, and you can disconnect it at any time.
      </Text>
      <Button
        onClick={() => start.mutate({ provider, customName })}
        loading={start.isPending || start.isSuccess}
        w="fit-content"
      >
        Connect with {name}
      </Button>
      {start.isError ? (
        <Alert color="red" data-testid="oauth-start-error">
          {errorText(start.error)}
        </Alert>
      ) : null}
    </Stack>
  );
}
