import { SignUpForm } from '@/features/auth/components/sign-up-form';

export default function SignUpFormRoute() {
  return <SignUpForm />;
}
