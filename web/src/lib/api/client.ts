import createClient, { type Middleware } from 'openapi-fetch';
import { apiErrorFrom, networkError } from '../errors/api-error';
import { Session } from '../auth/session';
import type { paths } from './schema';

export type { paths, components } from './schema';

/** The browser's one session (tokens, refresh) and the typed client that carries it. */
export const session = new Session();

/** Calls that carry no access token: the credential is in the body, or there is none. */
const PUBLIC = /^\/api\/v1\/(auth\/(login|refresh|setup\/|password-reset\/|email-change\/confirm|impersonate-exchange)|terms\/active|privacy-policy\/active)/;

const auth: Middleware = {
  async onRequest({ request }) {
    const path = new URL(request.url).pathname;
    if (PUBLIC.test(path) || request.headers.has('authorization')) return request;
    const token = await session.accessToken();
    if (token) request.headers.set('authorization', `Bearer ${token}`);
    return request;
  },
  async onResponse({ response }) {
    // An access token the server no longer takes (revoked, expired in a sleeping tab): try the
    // refresh once; if that is refused too, the session signs out and the pages show sign-in.
    if (response.status === 401 && session.current) {
      const body = (await response.clone().json().catch(() => undefined)) as { error?: { code?: string } } | undefined;
      if (body?.error?.code === 'AUTH_TOKEN_EXPIRED' || body?.error?.code === 'AUTH_TOKEN_INVALID') await session.refresh().catch(() => undefined);
    }
    return response;
  },
};

/** Network failures become ApiError NETWORK_ERROR, so every caller handles one kind of error. */
const fetchWithNetworkError: typeof fetch = async (input, init) => {
  try {
    return await window.fetch(input, init);
  } catch (err) {
    if ((err as { name?: string }).name === 'AbortError') throw err;
    throw networkError(err);
  }
};

export const api = createClient<paths>({ baseUrl: window.location.origin, fetch: fetchWithNetworkError });
api.use(auth);

/** The data of a call, or its error as an ApiError (the envelope's code and message). */
export const unwrap = async <T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> => {
  const { data, error, response } = await call;
  if (error !== undefined || !response.ok) throw apiErrorFrom(response.status, error, response.headers);
  return data as T;
};
