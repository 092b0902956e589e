import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type components } from '../../../lib/api/client';

type Schemas = components['schemas'];
export type ApiClient = Schemas['ApiClientResponse'];
export type ApiClientStatus = Schemas['ApiClientStatus'];
export type ApiKey = Schemas['ApiKeyItem'];
export type IssuedApiKey = Schemas['IssuedApiKey'];
export type ApiUsage = Schemas['ApiUsageResponse'];
export type ApiUsageItem = ApiUsage['items'][number];

export interface ApiClientFilter {
  q: string;
  status: ApiClientStatus | null;
  page: number;
}

export const API_CLIENT_PAGE_SIZE = 20;

export const apiClientKeys = {
  all: ['api-clients'] as const,
  list: (f: ApiClientFilter) => ['api-clients', 'list', f] as const,
  client: (id: string) => ['api-clients', 'client', id] as const,
  usage: (id: string, from: string, to: string) => ['api-clients', 'usage', id, from, to] as const,
};

export const useApiClients = (f: ApiClientFilter) =>
  useQuery({
    queryKey: apiClientKeys.list(f),
    queryFn: () =>
      unwrap(api.GET('/api/v1/admin/api-clients', {
        params: { query: { q: f.q.trim() || undefined, status: f.status ?? undefined, page: f.page, size: API_CLIENT_PAGE_SIZE } },
      })),
    placeholderData: keepPreviousData,
  });

export const useApiClient = (clientId: string) =>
  useQuery({ queryKey: apiClientKeys.client(clientId), queryFn: () => unwrap(api.GET('/api/v1/admin/api-clients/{clientId}', { params: { path: { clientId } } })) });

/** Usage per UTC day, key and endpoint; re-read every 30 s so calls made meanwhile show up. */
export const useApiUsage = (clientId: string, from: string, to: string) =>
  useQuery({
    queryKey: apiClientKeys.usage(clientId, from, to),
    queryFn: () => unwrap(api.GET('/api/v1/admin/api-clients/{clientId}/usage', { params: { path: { clientId }, query: { from, to } } })),
    refetchInterval: 30_000,
    placeholderData: keepPreviousData,
  });

/** Every change to a client re-reads its detail and the lists (status and keys change together). */
const useClientMutation = <TInput, TOutput>(clientId: string, call: (input: TInput) => Promise<TOutput>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: apiClientKeys.client(clientId) });
      await queryClient.invalidateQueries({ queryKey: ['api-clients', 'list'] });
    },
  });
};

export const useApproveClient = (clientId: string) =>
  useClientMutation(clientId, () => unwrap(api.POST('/api/v1/admin/api-clients/{clientId}/approve', { params: { path: { clientId } } })));

export const useRejectClient = (clientId: string) =>
  useClientMutation(clientId, (reason: string) =>
    unwrap(api.POST('/api/v1/admin/api-clients/{clientId}/reject', { params: { path: { clientId } }, body: { reason: reason.trim() } })));

export const useIssueKey = (clientId: string) =>
  useClientMutation(clientId, (expiresInDays: number | null) =>
    unwrap(api.POST('/api/v1/admin/api-clients/{clientId}/keys', { params: { path: { clientId } }, body: expiresInDays ? { expiresInDays } : {} })));

export const useRotateKey = (clientId: string) =>
  useClientMutation(clientId, (keyId: string) =>
    unwrap(api.POST('/api/v1/admin/api-clients/{clientId}/keys/{keyId}/rotate', { params: { path: { clientId, keyId } }, body: {} })));

export const useRevokeKey = (clientId: string) =>
  useClientMutation(clientId, (keyId: string) =>
    unwrap(api.DELETE('/api/v1/admin/api-clients/{clientId}/keys/{keyId}', { params: { path: { clientId, keyId } } })));
