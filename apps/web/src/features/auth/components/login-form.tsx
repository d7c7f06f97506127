import { email as emailSchema } from '@lotwise/contracts/auth/password-rules';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormError } from '@/components/ui/form-error';
import { paths } from '@/config/paths';
import { useLogin } from '../api/login';
import { useAfterSignIn } from '../hooks/use-after-sign-in';
import { authErrorMessage } from '../utils/messages';
import { AuthCard } from './auth-card';
import { MfaChallengeForm } from './mfa-challenge-form';

export function LoginForm() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const login = useLogin();
  const afterSignIn = useAfterSignIn();

  if (mfaToken) return <MfaChallengeForm mfaToken={mfaToken} onCancel={() => setMfaToken(null)} />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message ?? 'Enter a valid e-mail address');
      return;
    }
    setEmailError(null);
    login.mutate(
      { email: parsed.data, password },
      {
        onSuccess: (result) => {
          if (result.status === 'mfa_required') setMfaToken(result.mfa_token);
          else afterSignIn(result.session);
        },
      },
    );
  };

  const redirect = params.get('redirect');
  return (
    <AuthCard
      title="Log in to Lotwise"
      subtitle={redirect ? 'Log in to continue to the page you asked for.' : 'Welcome back.'}
      footer={
        <>
          New to Lotwise?{' '}
          <Anchor component={Link} to={paths.auth.newSignUp.path} fw={600}>
            Create an account
          </Anchor>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormError message={login.isError ? authErrorMessage(login.error) : null} />
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={emailError}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={paths.auth.forgotPassword.path} fz="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" loading={login.isPending} disabled={!email || !password} fullWidth size="md">
            Log in
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
