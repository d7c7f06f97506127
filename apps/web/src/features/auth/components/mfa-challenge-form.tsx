import { Anchor, Button, Group, PinInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormError } from '@/components/ui/form-error';
import { useLoginMfa } from '../api/login-mfa';
import { useAfterSignIn } from '../hooks/use-after-sign-in';
import { authErrorMessage } from '../utils/messages';
import { AuthCard } from './auth-card';

/** Second sign-in step when TOTP is on: a 6-digit code, or a recovery code instead. */
export function MfaChallengeForm({ mfaToken, onCancel }: { mfaToken: string; onCancel: () => void }) {
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const verify = useLoginMfa();
  const afterSignIn = useAfterSignIn();

  const submit = (value: string) => {
    const trimmed = value.trim();
    if (!useRecovery && !/^\d{6}$/.test(trimmed)) {
      setLocalError('Enter the 6-digit code from your authenticator app.');
      return;
    }
    if (useRecovery && trimmed.length < 6) {
      setLocalError('Enter one of your recovery codes.');
      return;
    }
    setLocalError(null);
    verify.mutate(
      { mfa_token: mfaToken, code: trimmed },
      {
        onSuccess: (result) => {
          if (result.status === 'success') afterSignIn(result.session);
        },
        onError: () => setCode(''),
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(code);
  };

  return (
    <AuthCard
      title="Two-step verification"
      subtitle={
        useRecovery
          ? 'Enter one of the recovery codes you saved when you turned on two-step verification.'
          : 'Enter the 6-digit code from your authenticator app.'
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormError message={localError ?? (verify.isError ? authErrorMessage(verify.error) : null)} />
          {useRecovery ? (
            <TextInput
              label="Recovery code"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              autoFocus
            />
          ) : (
            <Stack gap={6} align="center">
              <Text fz="sm" fw={500} id="totp-label">
                Authentication code
              </Text>
              <PinInput
                length={6}
                type="number"
                oneTimeCode
                autoFocus
                size="md"
                value={code}
                onChange={setCode}
                onComplete={submit}
                ariaLabel="Authentication code"
                inputMode="numeric"
                error={Boolean(localError) || verify.isError}
              />
            </Stack>
          )}
          <Button type="submit" loading={verify.isPending} fullWidth size="md">
            Verify
          </Button>
          <Group justify="space-between">
            <Anchor
              component="button"
              type="button"
              fz="sm"
              onClick={() => {
                setUseRecovery((v) => !v);
                setCode('');
                setLocalError(null);
              }}
            >
              {useRecovery ? 'Use authenticator code' : 'Use a recovery code'}
            </Anchor>
            <Anchor component="button" type="button" fz="sm" c="dimmed" onClick={onCancel}>
              Back to log in
            </Anchor>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
