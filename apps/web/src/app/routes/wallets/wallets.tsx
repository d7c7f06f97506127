import { ComingSoon } from '@/components/layouts/coming-soon';

export default function WalletsRoute() {
  return (
    <ComingSoon
      title="Wallets"
      description="All your exchanges and wallets in one place."
      features={['Balances per wallet', 'Resync and rename accounts', 'Add a wallet or exchange']}
    />
  );
}
