import { ComingSoon } from '@/components/layouts/coming-soon';

export default function TaxFilingRoute() {
  return (
    <ComingSoon title="File Your Tax Return" description="File your crypto taxes with a US tax service." />
  );
}
