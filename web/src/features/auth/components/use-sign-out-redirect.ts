import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { session } from '../../../lib/api/client';

/** When the session ends (logout, refused refresh), cached data goes and sign-in says why. */
export const useSignOutRedirect = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      session.subscribe((tokens, reason) => {
        if (tokens) return;
        queryClient.clear();
        void navigate(reason && reason !== 'LOGOUT' ? `/login?reason=${reason}` : '/login', { replace: true });
      }),
    [navigate, queryClient],
  );
};
