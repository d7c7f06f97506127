import { Alert, Button, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** Shown once, right after MFA is turned on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join('\n');
  return (
    <Stack gap="md">
      <Alert
        color="yellow"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title="Save your recovery codes"
      >
        Each code signs you in once if you lose your phone. They are shown only now.
      </Alert>
      <SimpleGrid cols={2} spacing="xs" data-testid="recovery-codes">
        {codes.map((code) => (
          <Text key={code} ff="monospace" fz="sm" p={6} bg="gray.0" ta="center" style={{ borderRadius: 6 }}>
            {code}
          </Text>
        ))}
      </SimpleGrid>
      <Group justify="space-between">
        <CopyButton value={text} timeout={2000}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? 'Copied to clipboard' : 'Copy codes'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>I saved them</Button>
      </Group>
    </Stack>
  );
}
