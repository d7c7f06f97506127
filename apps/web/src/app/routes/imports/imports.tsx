import { ComingSoon } from '@/components/layouts/coming-soon';

export default function ImportsRoute() {
  return (
    <ComingSoon
      title="Imports"
      description="Your import history and a place to add accounts."
      features={['Connect exchanges by API key', 'Upload CSV files', 'Add wallets by address']}
    />
  );
}
