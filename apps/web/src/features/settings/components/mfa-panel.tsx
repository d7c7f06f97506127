import { Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { FormError } from '@/components/ui/form-error';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { errorText } from '@/lib/api-client';
import { useMfaDisable } from '../api/mfa-disable';
import { useMfaStatus } from '../api/mfa-status';
import { MfaSetupFlow } from './mfa-setup-flow';

function DisableForm() {
  const [code, setCode] = useState('');
  const disable = useMfaDisable();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    disable.mutate(code.trim(), { onError: () => setCode('') });
  };
  const message = disable.isError ? errorText(disable.error) : null;
  return (
    <form onSubmit={onSubmit}>
      <Stack gap="sm">
        <FormError message={message} />
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Code to turn it off"
            description="A code from your app, or a recovery code"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            autoComplete="one-time-code"
            style={{ flex: 1, minWidth: 200 }}
          />
          <Button
            type="submit"
            color="red"
            variant="light"
            loading={disable.isPending}
            disabled={code.trim().length < 6}
          >
            Turn off
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** TOTP two-step verification: status, set-up with QR code and recovery codes, turning off. */
export function MfaPanel() {
  const status = useMfaStatus();
  const [settingUp, setSettingUp] = useState(false);
  return (
    <Card id="mfa-security">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <IconShieldLock size={24} color="var(--mantine-color-teal-7)" />
            <Stack gap={0}>
              <Title order={2} fz="lg">
                Two-step verification
              </Title>
              <Text fz="sm" c="dimmed">
                Ask for a code from your phone each time you log in.
              </Text>
            </Stack>
          </Group>
          {status.data ? (
            <Badge color={status.data.enabled ? 'teal' : 'gray'} variant="light">
              {status.data.enabled ? 'On' : 'Off'}
            </Badge>
          ) : null}
        </Group>
        {status.isPending ? <LoadingState label="Checking two-step verification…" /> : null}
        {status.isError ? (
          <ErrorState message={errorText(status.error)} onRetry={() => void status.refetch()} />
        ) : null}
        {status.data?.enabled && !settingUp ? (
          <>
            <Text fz="sm">
              Recovery codes left: <b>{status.data.recovery_codes_left}</b>
            </Text>
            <DisableForm />
          </>
        ) : null}
        {status.data && (!status.data.enabled || settingUp) ? (
          <MfaSetupFlow onStarted={() => setSettingUp(true)} onFinished={() => setSettingUp(false)} />
        ) : null}
      </Stack>
    </Card>
  );
}
