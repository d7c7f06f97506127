import { LabsPricePage } from '@/features/labs/components/price-page';

export default function Route() {
  return <LabsPricePage />;
}
