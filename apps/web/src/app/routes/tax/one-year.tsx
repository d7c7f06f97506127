import { useSearchParams } from 'react-router';
import { OneYearPage } from '@/features/tax/components/one-year-page';
import { useTaxYear } from '@/hooks/use-tax-year';

export default function OneYearRoute() {
  const [params] = useSearchParams();
  const [stored] = useTaxYear();
  const asked = Number.parseInt(params.get('year') ?? '', 10);
  const year = Number.isInteger(asked) && asked >= 2000 && asked <= 2100 ? asked : stored;
  return <OneYearPage year={year} />;
}
