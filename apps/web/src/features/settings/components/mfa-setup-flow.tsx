import { Anchor, Button, Center, Group, Image, PinInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormError } from '@/components/ui/form-error';
import { errorText } from '@/lib/api-client';
import { useMfaEnable } from '../api/mfa-enable';
import { useMfaSetup } from '../api/mfa-setup';
import { RecoveryCodes } from './recovery-codes';

/** Scan the QR code, confirm with a code, then save the recovery codes. */
export function MfaSetupFlow({ onStarted, onFinished }: { onStarted: () => void; onFinished: () => void }) {
  const setup = useMfaSetup();
  const enable = useMfaEnable();
  const [code, setCode] = useState('');
  const [showSecret, setShowSecret] = useState(false);

  if (enable.isSuccess) return <RecoveryCodes codes={enable.data.recovery_codes} onDone={onFinished} />;

  if (!setup.data) {
    return (
      <Stack gap="sm" align="flex-start">
        <FormError message={setup.isError ? errorText(setup.error) : null} />
        <Text fz="sm" c="dimmed">
          Use an authenticator app such as Aegis, 1Password, Google Authenticator or Authy.
        </Text>
        <Button
          onClick={() => {
            onStarted();
            setup.mutate();
          }}
          loading={setup.isPending}
        >
          Set up authenticator app
        </Button>
      </Stack>
    );
  }

  const confirm = (value: string) => {
    if (!/^\d{6}$/.test(value)) return;
    enable.mutate(value, { onError: () => setCode('') });
  };

  return (
    <Stack gap="md">
      <Text fz="sm">1. Scan this QR code with your authenticator app.</Text>
      <Center>
        <Image
          src={setup.data.qr_code}
          alt="QR code for your authenticator app"
          w={200}
          h={200}
          fit="contain"
        />
      </Center>
      <Text fz="xs" c="dimmed" ta="center">
        Can&apos;t scan it?{' '}
        {showSecret ? (
          <Text span ff="monospace" fz="xs" data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
            {setup.data.secret}
          </Text>
        ) : (
          <Anchor component="button" type="button" fz="xs" onClick={() => setShowSecret(true)}>
            Enter this key instead
          </Anchor>
        )}
      </Text>
      <Text fz="sm">2. Enter the 6-digit code the app shows.</Text>
      <FormError message={enable.isError ? errorText(enable.error) : null} />
      <Center>
        <PinInput
          length={6}
          type="number"
          oneTimeCode
          value={code}
          onChange={setCode}
          onComplete={confirm}
          ariaLabel="Authentication code"
          error={enable.isError}
        />
      </Center>
      <Group justify="flex-end">
        <Button onClick={() => confirm(code)} loading={enable.isPending} disabled={code.length !== 6}>
          Turn on
        </Button>
      </Group>
    </Stack>
  );
}
