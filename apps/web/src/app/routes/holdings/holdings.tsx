import { HoldingsPage } from '@/features/holdings/components/holdings-page';

export default function HoldingsRoute() {
  return <HoldingsPage />;
}
