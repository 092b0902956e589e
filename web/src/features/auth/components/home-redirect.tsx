import { Navigate } from 'react-router';
import { nextPageFor } from '../api/auth-api';
import { RequireSession } from './require-session';

/** `/`: the signed-in account's own area (after its gates), else sign-in. */
export const HomeRedirect = () => <RequireSession>{(me) => <Navigate to={nextPageFor(me)} replace />}</RequireSession>;
