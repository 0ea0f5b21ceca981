import { lazy, Suspense, useLayoutEffect, useState } from 'react';
import { Navigate, Outlet, useNavigate, useSearchParams } from 'react-router';
import { paths, searchParams } from '../config/paths.ts';
import { replaceSession, useAccessToken, useUserDetail } from '../lib/auth-store.ts';

// Loaded only when asked for: the dialog stays out of the sign-in screen's first load.
const SwitchAccountDialog = lazy(async () => ({
  default: (await import('../features/auth/components/switch-account-dialog.tsx'))
    .SwitchAccountDialog,
}));

/**
 * Public screens: a visitor holding a token goes to the dashboard. A token handed over in
 * the URL (?accessToken=) is taken out of the address (and so out of the history) at once;
 * without a session it is stored and the dashboard opens. It never silently replaces another
 * member's session: a link anyone can make would otherwise plant their account in a victim's
 * browser, so the member is asked first.
 */
export function PublicOnlyRoute() {
  const token = useAccessToken();
  const member = useUserDetail();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const urlToken = params.get(searchParams.accessToken);
  // Read once, as the screen opens: the link arrives with the page, and after it is stripped
  // the offer lives only here, never in storage, the address or the history.
  const [offered, setOffered] = useState(() =>
    urlToken && token && urlToken !== token ? urlToken : null,
  );

  useLayoutEffect(() => {
    if (!urlToken) return;
    if (!token) replaceSession(urlToken);
    const rest = new URLSearchParams(params);
    rest.delete(searchParams.accessToken);
    void navigate({ search: rest.size > 0 ? `?${rest}` : '' }, { replace: true });
  }, [urlToken, token, params, navigate]);

  if (urlToken) return null;
  if (offered) {
    return (
      <Suspense>
        <SwitchAccountDialog
          member={member}
          onKeep={() => setOffered(null)}
          onSwitch={() => {
            replaceSession(offered);
            setOffered(null);
          }}
        />
      </Suspense>
    );
  }
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
