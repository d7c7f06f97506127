import { passwordProblems } from '@lotwise/contracts/auth/password-rules';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormError } from '@/components/ui/form-error';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useResetPassword } from '../api/reset-password';
import { authErrorMessage } from '../utils/messages';
import { AuthCard } from './auth-card';
import { PasswordHints } from './password-hints';

export function ResetPasswordForm() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const reset = useResetPassword();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problems = passwordProblems(password);
    const next = {
      password: problems.length > 0 ? `${problems.join('. ')}.` : undefined,
      confirm: confirm !== password ? 'The passwords do not match.' : undefined,
    };
    setErrors(next);
    if (next.password || next.confirm) return;
    reset.mutate({ token, password });
  };

  const badToken = reset.error instanceof ApiError && reset.error.code === 'invalid_token';
  const footer = (
    <Anchor component={Link} to={paths.auth.forgotPassword.path} fz="sm">
      Request a new reset link
    </Anchor>
  );

  if (!token) {
    return (
      <AuthCard title="Choose a new password" footer={footer}>
        <FormError message="This reset link is incomplete. Open the link from your e-mail again, or request a new one." />
      </AuthCard>
    );
  }
  if (reset.isSuccess) {
    return (
      <AuthCard title="Password changed">
        <Stack gap="md">
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
            Your password has been changed. Log in with your new password.
          </Alert>
          <Button component={Link} to={paths.auth.login.path} fullWidth size="md">
            Log in
          </Button>
        </Stack>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Pick a password you do not use anywhere else."
      footer={footer}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormError message={reset.isError ? authErrorMessage(reset.error) : null} />
          {badToken ? null : (
            <>
              <Stack gap={6}>
                <PasswordInput
                  label="New password"
                  autoComplete="new-password"
                  required
                  value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                  error={errors.password}
                />
                <PasswordHints password={password} />
              </Stack>
              <PasswordInput
                label="Repeat new password"
                autoComplete="new-password"
                required
                value={confirm}
                onChange={(e) => setConfirm(e.currentTarget.value)}
                error={errors.confirm}
              />
              <Button type="submit" loading={reset.isPending} fullWidth size="md">
                Change password
              </Button>
            </>
          )}
        </Stack>
      </form>
    </AuthCard>
  );
}
