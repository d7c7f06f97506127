import { ComingSoon } from '@/components/layouts/coming-soon';

export default function DashboardRoute() {
  return (
    <ComingSoon
      title="Dashboard"
      description="Your portfolio, gains and tax status at a glance."
      features={[
        'Portfolio value and allocation',
        'Realised and unrealised gains for the tax year',
        'What still needs review before filing',
      ]}
    />
  );
}
