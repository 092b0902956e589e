import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type components } from '../../../lib/api/client';

type Schemas = components['schemas'];
export type LegalHistoryItem = Schemas['LegalDocumentHistoryItem'];
export type LegalDocument = Schemas['LegalDocumentResponse'];
export type PublishBody = Schemas['LegalDocumentPublishRequest'];

/** Terms and privacy policy: separate documents with identical shapes (spec 02). */
export const LEGAL_KINDS = ['terms', 'privacy'] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];
export const isLegalKind = (v: string | undefined): v is LegalKind => v === 'terms' || v === 'privacy';

/** The history is re-read now and then: a schedule becoming current is computed locally, new publications by others are not. */
const HISTORY_REFRESH_MS = 60_000;

export const legalKeys = {
  all: ['legal-admin'] as const,
  history: (kind: LegalKind) => ['legal-admin', kind, 'history'] as const,
  document: (kind: LegalKind, id: string) => ['legal-admin', kind, 'document', id] as const,
};

// ---- calls (one path per kind: openapi-fetch types each literal path)

export const listVersions = (kind: LegalKind) =>
  kind === 'terms' ? unwrap(api.GET('/api/v1/admin/terms')) : unwrap(api.GET('/api/v1/admin/privacy-policy'));

export const getVersion = (kind: LegalKind, id: string) => {
  const params = { path: { id } };
  return kind === 'terms' ? unwrap(api.GET('/api/v1/admin/terms/{id}', { params })) : unwrap(api.GET('/api/v1/admin/privacy-policy/{id}', { params }));
};

export const publishVersion = (kind: LegalKind, body: PublishBody) =>
  kind === 'terms' ? unwrap(api.POST('/api/v1/admin/terms', { body })) : unwrap(api.POST('/api/v1/admin/privacy-policy', { body }));

export const cancelVersion = (kind: LegalKind, id: string) => {
  const params = { path: { id } };
  return kind === 'terms'
    ? unwrap(api.DELETE('/api/v1/admin/terms/{id}', { params }))
    : unwrap(api.DELETE('/api/v1/admin/privacy-policy/{id}', { params }));
};

// ---- hooks

export const useLegalHistory = (kind: LegalKind) =>
  useQuery({ queryKey: legalKeys.history(kind), queryFn: () => listVersions(kind), refetchInterval: HISTORY_REFRESH_MS });

export const useLegalDocument = (kind: LegalKind, id: string) =>
  useQuery({ queryKey: legalKeys.document(kind, id), queryFn: () => getVersion(kind, id) });

export const usePublishVersion = (kind: LegalKind) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublishBody) => publishVersion(kind, body),
    onSuccess: (doc) => queryClient.setQueryData(legalKeys.document(kind, doc.id), doc),
    onSettled: () => queryClient.invalidateQueries({ queryKey: legalKeys.history(kind) }),
  });
};

export const useCancelVersion = (kind: LegalKind) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => cancelVersion(kind, id),
    onSuccess: (_, id) => queryClient.removeQueries({ queryKey: legalKeys.document(kind, id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: legalKeys.history(kind) }),
  });
};
