import { logout } from '@lotwise/contracts/auth/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { callApi } from '@/lib/api-client';
import { sessionKeys } from './session';

export const logoutRequest = () => callApi(logout);

/** Sign Out and 'Get me out!': end the session, forget cached data, go to /login. */
export function useLogout() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logoutRequest,
    onSettled: async () => {
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.all[0] });
      await client.invalidateQueries({ queryKey: sessionKeys.all });
      navigate(paths.auth.login.path, { replace: true });
    },
  });
}
