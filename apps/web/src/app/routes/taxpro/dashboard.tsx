import { TaxProDashboard } from '@/features/taxpro/components/taxpro-dashboard';

export default function TaxProDashboardRoute() {
  return <TaxProDashboard />;
}
