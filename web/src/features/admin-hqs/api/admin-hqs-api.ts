import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type components } from '../../../lib/api/client';
import { hqListQuery, type HqFilters } from '../hq-filters';
import type { HqAction } from '../hq-rules';
import type { ManagerAction, ManagerKind } from '../manager-rules';

type Schemas = components['schemas'];
export type HqAdminListItem = Schemas['HqAdminListItem'];
export type HqDetail = Schemas['HqDetailResponse'];
export type HqManager = Schemas['ManagerItem'];
export type HqConsents = Schemas['HqConsentsResponse'];
export type ConsentRecord = Schemas['ConsentRecord'];
export type HqOnboardingBody = Schemas['HqOnboardingRequest'];

export const hqKeys = {
  all: ['admin-hqs'] as const,
  list: (f: HqFilters) => ['admin-hqs', 'list', f] as const,
  detail: (id: string) => ['admin-hqs', 'detail', id] as const,
  consents: (id: string) => ['admin-hqs', 'consents', id] as const,
};

export const useAdminHqs = (filters: HqFilters) =>
  useQuery({
    queryKey: hqKeys.list(filters),
    queryFn: () => unwrap(api.GET('/api/v1/admin/hq/admin-list', { params: { query: hqListQuery(filters) } })),
    placeholderData: keepPreviousData,
  });

export const useHq = (id: string) =>
  useQuery({ queryKey: hqKeys.detail(id), queryFn: () => unwrap(api.GET('/api/v1/admin/hq/{id}', { params: { path: { id } } })) });

export const useHqConsents = (id: string) =>
  useQuery({ queryKey: hqKeys.consents(id), queryFn: () => unwrap(api.GET('/api/v1/admin/hq/{id}/consents', { params: { path: { id } } })) });

export const useOnboardHq = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HqOnboardingBody) => unwrap(api.POST('/api/v1/admin/hq', { body })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: hqKeys.all }),
  });
};

const moveHq = (id: string, action: HqAction, reason?: string) => {
  const params = { path: { id } };
  switch (action) {
    case 'ACTIVATE':
      return unwrap(api.POST('/api/v1/admin/hq/{id}/activate', { params }));
    case 'REACTIVATE':
      return unwrap(api.POST('/api/v1/admin/hq/{id}/reactivate', { params }));
    case 'MARK_UNPAID':
      return unwrap(api.POST('/api/v1/admin/hq/{id}/mark-unpaid', { params }));
    case 'MARK_PAID':
      return unwrap(api.POST('/api/v1/admin/hq/{id}/mark-paid', { params }));
    case 'SUSPEND':
      return unwrap(api.POST('/api/v1/admin/hq/{id}/suspend', { params, body: { reason: reason ?? '' } }));
  }
};

/** One status move; the detail and the lists are read again (the status and the reason changed). */
export const useHqStatusMove = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: { action: HqAction; reason?: string }) => moveHq(id, action, reason),
    onSettled: () => queryClient.invalidateQueries({ queryKey: hqKeys.all }),
  });
};

/** A 60 s single-use exchange token for the HQ console (spec 02 § Impersonation exchange token). */
export const issueImpersonation = (id: string) => unwrap(api.POST('/api/v1/admin/hq/{id}/impersonate', { params: { path: { id } } }));

export interface ManagerActionInput {
  accountId: string;
  action: ManagerAction;
  tempPassword?: string;
  reason?: string;
}

const actOnManager = (kind: ManagerKind, { accountId, action, tempPassword, reason }: ManagerActionInput) => {
  const params = { path: { accountId } };
  if (action === 'RESEND_SETUP') return unwrap(api.POST('/api/v1/admin/accounts/{accountId}/resend-setup', { params }));
  if (kind === 'hq-managers') {
    switch (action) {
      case 'RESET_PASSWORD':
        return unwrap(api.POST('/api/v1/admin/accounts/hq-managers/{accountId}/reset-password', { params, body: { tempPassword: tempPassword ?? '' } }));
      case 'SUSPEND':
        return unwrap(api.POST('/api/v1/admin/accounts/hq-managers/{accountId}/suspend', { params, body: { reason: reason ?? '' } }));
      case 'REACTIVATE':
        return unwrap(api.POST('/api/v1/admin/accounts/hq-managers/{accountId}/reactivate', { params }));
      case 'REVOKE':
        return unwrap(api.DELETE('/api/v1/admin/accounts/hq-managers/{accountId}', { params }));
    }
  }
  switch (action) {
    case 'RESET_PASSWORD':
      return unwrap(api.POST('/api/v1/admin/accounts/store-managers/{accountId}/reset-password', { params, body: { tempPassword: tempPassword ?? '' } }));
    case 'SUSPEND':
      return unwrap(api.POST('/api/v1/admin/accounts/store-managers/{accountId}/suspend', { params, body: { reason: reason ?? '' } }));
    case 'REACTIVATE':
      return unwrap(api.POST('/api/v1/admin/accounts/store-managers/{accountId}/reactivate', { params }));
    case 'REVOKE':
      return unwrap(api.DELETE('/api/v1/admin/accounts/store-managers/{accountId}', { params }));
  }
};

/** A manager account action; `invalidate` names the query the manager list comes from. */
export const useManagerAction = (kind: ManagerKind, invalidate: readonly unknown[]) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ManagerActionInput) => actOnManager(kind, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invalidate }),
  });
};
