import { DashboardPage } from '@/app/routes/dashboard/dashboard-page';

export default function DashboardRoute() {
  return <DashboardPage />;
}
