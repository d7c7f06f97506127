import { email as emailSchema } from '@lotwise/contracts/auth/password-rules';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { FormError } from '@/components/ui/form-error';
import { paths } from '@/config/paths';
import { useForgotPassword } from '../api/forgot-password';
import { authErrorMessage } from '../utils/messages';
import { AuthCard } from './auth-card';

export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const forgot = useForgotPassword();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message ?? 'Enter a valid e-mail address');
      return;
    }
    setEmailError(null);
    forgot.mutate(parsed.data);
  };

  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter your e-mail address and we will send you a link to choose a new password."
      footer={
        <Anchor component={Link} to={paths.auth.login.path} fz="sm">
          Back to log in
        </Anchor>
      }
    >
      {forgot.isSuccess ? (
        <Alert
          color="teal"
          variant="light"
          icon={<IconMailCheck size={18} />}
          title="Check your e-mail"
          role="status"
        >
          If an account exists for {email.trim()}, a reset link is on its way. The link works once and expires
          soon.
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <FormError message={forgot.isError ? authErrorMessage(forgot.error) : null} />
            <TextInput
              label="E-mail"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={emailError}
            />
            <Button type="submit" loading={forgot.isPending} fullWidth size="md">
              Send reset link
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
