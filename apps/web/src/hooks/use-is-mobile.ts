import { useMediaQuery } from '@mantine/hooks';

/** Below 768 px the app uses its mobile layout (spec 01 §9). */
export function useIsMobile(): boolean {
  return useMediaQuery('(max-width: 767.98px)', false, { getInitialValueInEffect: false }) ?? false;
}
