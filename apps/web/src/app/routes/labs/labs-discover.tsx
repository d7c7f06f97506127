import { LabsDiscoverPage } from '@/features/labs/components/discover-page';

export default function Route() {
  return <LabsDiscoverPage />;
}
