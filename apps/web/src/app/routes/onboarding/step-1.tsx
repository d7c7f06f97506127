import { StepRole } from '@/features/onboarding/components/step-role';

export default function StepRoleRoute() {
  return <StepRole />;
}
