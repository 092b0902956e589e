import { createBrowserRouter, Navigate } from 'react-router';
import { AgreementsPage } from '../features/auth/components/agreements-page';
import { ChangePasswordPage } from '../features/auth/components/change-password-page';
import { EmailChangePage } from '../features/auth/components/email-change-page';
import { LoginPage } from '../features/auth/components/login-page';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page';
import { SetupPage } from '../features/auth/components/setup-page';
import { RequireSession } from '../features/auth/components/require-session';
import { HomeRedirect } from '../features/auth/components/home-redirect';
import { ImpersonatePage } from '../features/impersonation/components/impersonate-page';
import { NotFoundPage } from '../components/ui/not-found-page';
import { RouteError } from '../components/ui/route-error';

/**
 * The app's routes: the pages mails link to and sign-in (in the main bundle, small), and the
 * three areas, each its own chunk loaded on first visit.
 */
export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <HomeRedirect /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/setup', element: <SetupPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/email-change', element: <EmailChangePage /> },
      { path: '/impersonate', element: <ImpersonatePage /> },
      { path: '/change-password', element: <RequireSession gates={['session']}><ChangePasswordPage /></RequireSession> },
      { path: '/agreements', element: <RequireSession gates={['session', 'password']}><AgreementsPage /></RequireSession> },
      {
        path: '/player/*',
        lazy: async () => ({ Component: (await import('./routes/player-area')).PlayerArea }),
      },
      {
        path: '/hq/*',
        lazy: async () => ({ Component: (await import('./routes/hq-area')).HqArea }),
      },
      {
        path: '/admin/*',
        lazy: async () => ({ Component: (await import('./routes/admin-area')).AdminArea }),
      },
      { path: '/index.html', element: <Navigate to="/" replace /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
