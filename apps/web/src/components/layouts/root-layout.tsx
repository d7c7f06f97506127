import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { trackingCookies } from '@/lib/access/tracking';
import { writeCookie } from '@/lib/cookies';

/** Outermost layout: keeps utm and partner-wallet parameters in cookies on any page. */
export function RootLayout() {
  const { search } = useLocation();
  useEffect(() => {
    for (const [name, value] of trackingCookies(search)) writeCookie(name, value);
  }, [search]);
  return <Outlet />;
}
