import { StepFinish } from '@/features/onboarding/components/step-finish';

export default function StepFinishRoute() {
  return <StepFinish />;
}
