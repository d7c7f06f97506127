import { ComingSoon } from '@/components/layouts/coming-soon';

export default function ResearchPortfoliosRoute() {
  return (
    <ComingSoon title="Research portfolios" description="Track up to 6 assets you are researching (beta)." />
  );
}
