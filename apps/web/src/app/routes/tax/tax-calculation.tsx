import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { CalculationProgress } from '@/features/tax/components/calculation-progress';

export default function TaxCalculationRoute() {
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader title="Tax calculation" />
      <CalculationProgress traceId={params.get('traceId')} />
    </>
  );
}
