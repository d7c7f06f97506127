import { COOKIES } from '@/lib/cookies';

/** utm_source, utm_medium and a partner wallet's hash are kept in cookies (spec 01 §2). */
export function trackingCookies(search: string): Array<[string, string]> {
  const params = new URLSearchParams(search);
  const out: Array<[string, string]> = [];
  const source = params.get('utm_source');
  const medium = params.get('utm_medium');
  const hash = params.get('wallets_hash') ?? params.get('walletsHash');
  if (source) out.push([COOKIES.utmSource, source.slice(0, 200)]);
  if (medium) out.push([COOKIES.utmMedium, medium.slice(0, 200)]);
  if (hash) out.push([COOKIES.walletsHash, hash.slice(0, 200)]);
  return out;
}
