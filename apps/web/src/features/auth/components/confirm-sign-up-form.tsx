import { Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormError } from '@/components/ui/form-error';
import { paths } from '@/config/paths';
import { landingPath } from '@/lib/access/landing';
import { ApiError } from '@/lib/api-client';
import { useConfirmSignUp } from '../api/sign-up';
import { authErrorMessage } from '../utils/messages';
import { AuthCard } from './auth-card';

/** /confirm_sign_up?token=…: the e-mailed link of a sign-up, finished with the password chosen then. */
export function ConfirmSignUpForm() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const confirm = useConfirmSignUp();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return;
    confirm.mutate(
      { token, password },
      { onSuccess: (session) => session.user && navigate(landingPath(session.user), { replace: true }) },
    );
  };

  const badToken = confirm.error instanceof ApiError && confirm.error.code === 'invalid_token';
  const footer = (
    <Anchor component={Link} to={paths.auth.signUp.path} fz="sm">
      Sign up again
    </Anchor>
  );
  if (!token) {
    return (
      <AuthCard title="Finish signing up" footer={footer}>
        <FormError message="This link is incomplete. Open the link from your e-mail again." />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Finish signing up"
      subtitle="Enter the password you chose when you signed up."
      footer={footer}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormError message={confirm.isError ? authErrorMessage(confirm.error) : null} />
          {badToken ? null : (
            <>
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
              />
              <Button type="submit" loading={confirm.isPending} fullWidth size="md">
                Open my account
              </Button>
            </>
          )}
        </Stack>
      </form>
    </AuthCard>
  );
}
