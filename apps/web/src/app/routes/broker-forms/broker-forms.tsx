import { useSearchParams } from 'react-router';
import { BrokerFormsPage } from '@/features/broker-forms/components/broker-forms-page';
import { useTaxYear } from '@/hooks/use-tax-year';

export default function BrokerFormsRoute() {
  const [params] = useSearchParams();
  const [stored] = useTaxYear();
  const asked = Number.parseInt(params.get('year') ?? '', 10);
  const year = Number.isInteger(asked) && asked >= 2000 && asked <= 2100 ? asked : stored;
  return <BrokerFormsPage year={year} />;
}
