import { logout } from '@lotwise/contracts/auth/session';
import { useMutation } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { callApi } from '@/lib/api-client';
import { COOKIES, deleteCookie } from '@/lib/cookies';

export const logoutRequest = () => callApi(logout);

/**
 * Sign Out and 'Get me out!': end the session, then load /login afresh so no cached data of
 * the account survives in memory. A remembered redirect is forgotten: signing out on
 * purpose is not "bring me back here later".
 */
export function useLogout() {
  return useMutation({
    mutationFn: logoutRequest,
    onSettled: () => {
      deleteCookie(COOKIES.redirect);
      window.location.replace(paths.auth.login.path);
    },
  });
}
