import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api, session, unwrap, type components } from '../../../lib/api/client';
import type { SessionTokens } from '../../../lib/auth/session';

export type Me = components['schemas']['MeResponse'];
export type LegalKind = 'terms' | 'privacy';

export const ME_KEY = ['auth', 'me'] as const;

/** The session's tokens as React state (null when signed out). */
export const useSessionTokens = (): SessionTokens | null =>
  useSyncExternalStore((onChange) => session.subscribe(onChange), () => session.current);

export const useMe = (enabled = true) =>
  useQuery({ queryKey: ME_KEY, queryFn: () => unwrap(api.GET('/api/v1/auth/me')), enabled, staleTime: 30_000 });

export const login = async (email: string, password: string) => session.accept(await unwrap(api.POST('/api/v1/auth/login', { body: { email, password } })));

export const changePassword = async (currentPassword: string, newPassword: string) =>
  session.accept(await unwrap(api.POST('/api/v1/auth/change-password', { body: { currentPassword, newPassword } })));

/** The active document of a kind (public read). */
export const readActiveDocument = (kind: LegalKind) =>
  kind === 'terms' ? unwrap(api.GET('/api/v1/terms/active')) : unwrap(api.GET('/api/v1/privacy-policy/active'));

export const agree = (kind: LegalKind, version: string) =>
  kind === 'terms'
    ? unwrap(api.POST('/api/v1/legal/terms/agree', { body: { version } }))
    : unwrap(api.POST('/api/v1/legal/privacy/agree', { body: { version } }));

export const verifySetup = (token: string) => unwrap(api.POST('/api/v1/auth/setup/verify', { body: { token } }));

export const completeSetup = (body: components['schemas']['SetupCompleteRequest']) => unwrap(api.POST('/api/v1/auth/setup/complete', { body }));

export const requestPasswordReset = (email: string) => unwrap(api.POST('/api/v1/auth/password-reset/request', { body: { email } }));

export const confirmPasswordReset = (token: string, newPassword: string) =>
  unwrap(api.POST('/api/v1/auth/password-reset/confirm', { body: { token, newPassword } }));

export const confirmEmailChange = (token: string) => unwrap(api.POST('/api/v1/auth/email-change/confirm', { body: { token } }));

/** Where a role works. */
export const AREA_OF_ROLE = { STORE_MANAGER: '/player', HQ_MANAGER: '/hq', OPERATOR: '/admin' } as const;

/** The page a signed-in account must see first: the password gate, then the legal gate, then its area. */
export const nextPageFor = (me: Me, impersonated = false): string => {
  if (me.passwordMustChange) return '/change-password';
  if (!impersonated && me.role !== 'OPERATOR' && (me.termsRequiresAgreement || me.privacyRequiresAgreement)) return '/agreements';
  return AREA_OF_ROLE[me.role];
};

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 100;
