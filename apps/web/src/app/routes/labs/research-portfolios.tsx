import { ResearchPortfoliosPage } from '@/features/labs/components/research-page';

export default function Route() {
  return <ResearchPortfoliosPage />;
}
