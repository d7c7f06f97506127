import { LabsDashboardPage } from '@/features/labs/components/dashboard-page';

export default function Route() {
  return <LabsDashboardPage />;
}
