import { email as emailSchema, passwordProblems } from '@lotwise/contracts/auth/password-rules';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormError } from '@/components/ui/form-error';
import { paths } from '@/config/paths';
import { landingPath } from '@/lib/access/landing';
import { ApiError } from '@/lib/api-client';
import { useSignUp } from '../api/sign-up';
import { authErrorMessage } from '../utils/messages';
import { AuthCard } from './auth-card';
import { PasswordHints } from './password-hints';

export function SignUpForm() {
  const navigate = useNavigate();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const signUp = useSignUp();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    const problems = passwordProblems(password, email);
    const next = {
      email: parsed.success ? undefined : (parsed.error.issues[0]?.message ?? 'Enter a valid e-mail address'),
      password: problems.length > 0 ? `${problems.join('. ')}.` : undefined,
    };
    setErrors(next);
    if (!parsed.success || next.password) return;
    signUp.mutate(
      { email: parsed.data, password, first_name: firstName || undefined, last_name: lastName || undefined },
      {
        onSuccess: (result) => {
          if ('user' in result && result.user) navigate(landingPath(result.user), { replace: true });
        },
      },
    );
  };

  const pending = signUp.data && 'status' in signUp.data ? signUp.data : null;
  if (pending) {
    return (
      <AuthCard title="Check your e-mail">
        <Stack gap="md">
          <Alert color="teal" variant="light" icon={<IconMail size={18} />} role="status">
            {pending.message}
          </Alert>
          <Anchor component={Link} to={paths.auth.login.path} fz="sm">
            Back to log in
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

  const serverError = signUp.isError ? authErrorMessage(signUp.error) : null;
  const emailTaken = signUp.error instanceof ApiError && signUp.error.code === 'email_taken';
  return (
    <AuthCard
      title="Create your account"
      subtitle="Import your crypto history and get your tax reports in minutes."
      footer={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to={paths.auth.login.path} fw={600}>
            Log in
          </Anchor>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormError message={serverError} />
          {emailTaken ? (
            <Group gap="xs">
              <Anchor component={Link} to={paths.auth.login.path} fz="sm">
                Log in
              </Anchor>
              <Anchor component={Link} to={paths.auth.forgotPassword.path} fz="sm">
                Reset password
              </Anchor>
            </Group>
          ) : null}
          <Group grow gap="sm" align="flex-start">
            <TextInput
              label="First name"
              autoComplete="given-name"
              value={firstName}
              onChange={(e) => setFirstName(e.currentTarget.value)}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              value={lastName}
              onChange={(e) => setLastName(e.currentTarget.value)}
            />
          </Group>
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
          />
          <Stack gap={6}>
            <PasswordInput
              label="Password"
              autoComplete="new-password"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={errors.password}
            />
            <PasswordHints password={password} email={email} />
          </Stack>
          <Button type="submit" loading={signUp.isPending} fullWidth size="md">
            Create account
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
