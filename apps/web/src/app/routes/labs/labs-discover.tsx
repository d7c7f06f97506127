import { ComingSoon } from '@/components/layouts/coming-soon';

export default function LabsDiscoverRoute() {
  return (
    <ComingSoon title="Discover" description="Trending assets, biggest gainers and most transacted (beta)." />
  );
}
