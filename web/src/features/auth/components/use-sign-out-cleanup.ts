import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { session } from '../../../lib/api/client';

/**
 * When the session ends (logout, refused refresh), the cached data of the account goes with it;
 * RequireSession then sends to sign-in, saying why.
 */
export const useSignOutCleanup = () => {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      session.subscribe((tokens) => {
        if (!tokens) queryClient.clear();
      }),
    [queryClient],
  );
};
