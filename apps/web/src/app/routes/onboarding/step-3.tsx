import { StepCurrency } from '@/features/onboarding/components/step-currency';

export default function StepCurrencyRoute() {
  return <StepCurrency />;
}
