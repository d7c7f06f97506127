import { VideoTour } from '@/features/onboarding/components/video-tour';

export default function VideoTourRoute() {
  return <VideoTour />;
}
