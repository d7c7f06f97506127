import { ReviewPage } from '@/features/review/components/review-page';

export default function ReviewRoute() {
  return <ReviewPage />;
}
