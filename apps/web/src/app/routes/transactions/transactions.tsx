import { ComingSoon } from '@/components/layouts/coming-soon';

export default function TransactionsRoute() {
  return (
    <ComingSoon
      title="Transactions"
      description="Review, fix and classify your transactions."
      features={[
        'Filter by category, source and date',
        'Fix missing prices and insufficient balances',
        'Bulk edit and export to CSV',
      ]}
    />
  );
}
