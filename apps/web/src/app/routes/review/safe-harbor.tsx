import { SafeHarborPage } from '@/features/review/components/safe-harbor-page';

export default function SafeHarborRoute() {
  return <SafeHarborPage />;
}
