import { StepLocation } from '@/features/onboarding/components/step-location';

export default function StepLocationRoute() {
  return <StepLocation />;
}
