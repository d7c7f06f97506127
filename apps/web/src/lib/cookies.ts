/** Small helpers for the readable cookies the access rules use (spec 01 §2). */
export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return rest.join('=');
      }
    }
  }
  return null;
}

const THIRTY_DAYS = 60 * 60 * 24 * 30;

export function writeCookie(name: string, value: string, maxAgeSeconds = THIRTY_DAYS): void {
  // biome-ignore lint/suspicious/noDocumentCookie: plain cookies are what the access rules need
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; SameSite=Lax`;
}

export function deleteCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: plain cookies are what the access rules need
  document.cookie = `${name}=; path=/; max-age=0; SameSite=Lax`;
}

export const COOKIES = {
  redirect: 'lotwise_redirect',
  pricingTarget: 'lotwise_pricing_target',
  utmSource: 'lotwise_utm_source',
  utmMedium: 'lotwise_utm_medium',
  walletsHash: 'lotwise_wallets_hash',
} as const;
