import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type components } from '../../../lib/api/client';
import type { DuckingValues } from '../ducking-rules';

export type HqMe = components['schemas']['HqMeResponse'];

export const hqSettingsKeys = { me: () => ['hq-settings', 'me'] as const };
/** The stores' details carry the HQ's ducking values for reference: they change with these. */
const STORE_DETAILS = ['hq-stores', 'detail'] as const;

export const getHqMe = () => unwrap(api.GET('/api/v1/hq/me'));
export const updateHqMe = (commercialCycleSongs: number) => unwrap(api.PATCH('/api/v1/hq/me', { body: { commercialCycleSongs } }));
export const updateHqDucking = (body: DuckingValues) => unwrap(api.PATCH('/api/v1/hq/me/ducking', { body }));

export const useHqMe = () => useQuery({ queryKey: hqSettingsKeys.me(), queryFn: getHqMe });

const useHqMeMutation = <V>(fn: (vars: V) => Promise<HqMe>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (me) => queryClient.setQueryData(hqSettingsKeys.me(), me),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: hqSettingsKeys.me() }), queryClient.invalidateQueries({ queryKey: STORE_DETAILS })]),
  });
};

export const useUpdateCommercialCycle = () => useHqMeMutation(updateHqMe);
export const useUpdateHqDucking = () => useHqMeMutation(updateHqDucking);
