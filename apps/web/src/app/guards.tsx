import { useLayoutEffect } from 'react';
import { Navigate, Outlet, useSearchParams } from 'react-router';
import { paths, searchParams } from '../config/paths.ts';
import { saveAccessToken, useAccessToken } from '../lib/auth-store.ts';

/**
 * Public screens: a visitor holding a token goes to the dashboard. A token handed over in
 * the URL (?accessToken=, seed-spec §2) is stored first, so the link signs the member in.
 */
export function PublicOnlyRoute() {
  const token = useAccessToken();
  const [params] = useSearchParams();
  const urlToken = params.get(searchParams.accessToken);

  useLayoutEffect(() => {
    if (urlToken) saveAccessToken(urlToken);
  }, [urlToken]);

  if (urlToken && urlToken !== token) return null;
  if (token) return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}

/**
 * Protected screens need a token. The check follows the session store, so when a 401
 * clears the token (api-client) every protected screen leaves for the root at once.
 */
export function RequireAuth() {
  const token = useAccessToken();
  return token ? <Outlet /> : <Navigate to={paths.signIn} replace />;
}
