import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type components } from '../../../lib/api/client';
import type { OperatorAction } from '../operator-lifecycle';

type Schemas = components['schemas'];
export type Operator = Schemas['OperatorListItem'];
export type AccountStatus = Schemas['AccountStatus'];
export type CreateOperatorBody = Schemas['CreateOperatorRequest'];
export type CreatedOperator = Schemas['CreateOperatorResponse'];

export interface OperatorFilter {
  q: string;
  status: AccountStatus | null;
  page: number;
}

export const OPERATOR_PAGE_SIZE = 20;

export const operatorKeys = {
  all: ['operators'] as const,
  list: (f: OperatorFilter) => ['operators', 'list', f] as const,
};

export const listOperators = (f: OperatorFilter) =>
  unwrap(api.GET('/api/v1/admin/operators', {
    params: { query: { q: f.q.trim() || undefined, status: f.status ?? undefined, page: f.page, size: OPERATOR_PAGE_SIZE } },
  }));

export const createOperator = (body: CreateOperatorBody) => unwrap(api.POST('/api/v1/admin/operators', { body }));

/** One lifecycle call; `input` is the reason of a suspension or the temporary password of a reset. */
export const runOperatorAction = (action: OperatorAction, accountId: string, input: string) => {
  const params = { path: { accountId } };
  switch (action) {
    case 'SUSPEND':
      return unwrap(api.POST('/api/v1/admin/operators/{accountId}/suspend', { params, body: { reason: input.trim() } }));
    case 'REACTIVATE':
      return unwrap(api.POST('/api/v1/admin/operators/{accountId}/reactivate', { params }));
    case 'RESET_PASSWORD':
      return unwrap(api.POST('/api/v1/admin/operators/{accountId}/reset-password', { params, body: { tempPassword: input } }));
    case 'REVOKE':
      return unwrap(api.DELETE('/api/v1/admin/operators/{accountId}', { params }));
    case 'RESEND_SETUP':
      return unwrap(api.POST('/api/v1/admin/accounts/{accountId}/resend-setup', { params }));
  }
};

export const useOperators = (f: OperatorFilter) =>
  useQuery({ queryKey: operatorKeys.list(f), queryFn: () => listOperators(f), placeholderData: keepPreviousData });

export const useCreateOperator = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createOperator, onSettled: () => queryClient.invalidateQueries({ queryKey: operatorKeys.all }) });
};

export const useOperatorAction = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, accountId, input }: { action: OperatorAction; accountId: string; input: string }) => runOperatorAction(action, accountId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorKeys.all }),
  });
};
