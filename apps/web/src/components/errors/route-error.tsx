import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Error boundary for a route: a page that failed to load or crashed. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <Center mih="60dvh" p="md">
      <Stack align="center" gap="sm" ta="center" maw={440}>
        <Title order={2}>{notFound ? 'Page not found' : 'This page could not be shown'}</Title>
        <Text c="dimmed">
          {notFound
            ? 'The address may be mistyped, or the page has moved.'
            : 'Something went wrong while loading it. Reloading usually helps; your data is safe.'}
        </Text>
        <Button.Group>
          <Button variant="default" onClick={() => window.location.reload()}>
            Reload
          </Button>
          <Button component={Link} to="/">
            Go home
          </Button>
        </Button.Group>
      </Stack>
    </Center>
  );
}

export function NotFoundPage() {
  return (
    <Center mih="60dvh" p="md">
      <Stack align="center" gap="sm" ta="center">
        <Title order={2}>Page not found</Title>
        <Text c="dimmed">The address may be mistyped, or the page has moved.</Text>
        <Button component={Link} to="/">
          Go home
        </Button>
      </Stack>
    </Center>
  );
}
