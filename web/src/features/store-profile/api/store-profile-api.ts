import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type components } from '../../../lib/api/client';

export type StoreMe = components['schemas']['StoreMeResponse'];
export type UpdateStoreMe = components['schemas']['UpdateStoreMeRequest'];

export const storeProfileKeys = { me: () => ['store-profile', 'me'] as const };

export const getStoreMe = () => unwrap(api.GET('/api/v1/store/me'));
export const updateStoreMe = (body: UpdateStoreMe) => unwrap(api.PATCH('/api/v1/store/me', { body }));

export const useStoreMe = () => useQuery({ queryKey: storeProfileKeys.me(), queryFn: getStoreMe });

export const useUpdateStoreMe = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStoreMe,
    onSuccess: (store) => queryClient.setQueryData(storeProfileKeys.me(), store),
    onSettled: () => queryClient.invalidateQueries({ queryKey: storeProfileKeys.me() }),
  });
};
