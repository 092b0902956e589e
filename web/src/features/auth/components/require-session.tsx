import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { session } from '../../../lib/api/client';
import { AREA_OF_ROLE, nextPageFor, useMe, useSessionTokens, type Me } from '../api/auth-api';
import type { Role } from '../../../lib/auth/session';
import { useSignOutCleanup } from './use-sign-out-cleanup';

type Gate = 'session' | 'password' | 'agreements';

/**
 * A page for a signed-in account: no session → sign-in; password change due → that page and
 * nothing else (the server answers 403 PASSWORD_CHANGE_REQUIRED to everything else anyway);
 * documents to agree to → the agreement page; another role → its own area.
 */
export const RequireSession = ({ role, gates = ['session', 'password', 'agreements'], children }: {
  role?: Role;
  gates?: Gate[];
  children: ReactNode | ((me: Me) => ReactNode);
}) => {
  const tokens = useSessionTokens();
  const location = useLocation();
  const me = useMe(tokens !== null);
  useSignOutCleanup();
  if (!tokens) {
    // A session that ended here says why on sign-in (expired, ended elsewhere); a sign-out is plain.
    const reason = session.signOutReason;
    const to = reason === 'LOGOUT' ? '/login' : reason ? `/login?reason=${reason}` : `/login?next=${encodeURIComponent(location.pathname + location.search)}`;
    return <Navigate to={to} replace />;
  }
  if (me.isPending) return <Center mih="60vh"><Loader aria-label="loading" /></Center>;
  if (me.isError) return <Center mih="60vh" p="md"><ErrorAlert error={me.error} /></Center>;
  const account = me.data;
  if (gates.includes('password') && account.passwordMustChange) return <Navigate to="/change-password" replace />;
  if (gates.includes('agreements')) {
    const next = nextPageFor(account);
    if (next === '/agreements') return <Navigate to="/agreements" replace />;
  }
  if (role && account.role !== role) return <Navigate to={AREA_OF_ROLE[account.role]} replace />;
  return <>{typeof children === 'function' ? children(account) : children}</>;
};
