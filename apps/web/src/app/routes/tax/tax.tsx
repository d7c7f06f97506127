import { ComingSoon } from '@/components/layouts/coming-soon';

export default function TaxRoute() {
  return (
    <ComingSoon
      title="Tax Center"
      description="Run the tax calculation and download your reports."
      features={[
        'Calculate taxes for a tax year',
        'Form 8949, Schedule D and income reports',
        'TurboTax export',
      ]}
    />
  );
}
