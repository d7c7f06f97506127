import { ConfirmSignUpForm } from '@/features/auth/components/confirm-sign-up-form';

export default function ConfirmSignUpRoute() {
  return <ConfirmSignUpForm />;
}
