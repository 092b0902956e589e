import { session } from '../api/client';
import { apiErrorFrom, networkError } from '../errors/api-error';

/** The file name a response offers (Content-Disposition), else the fallback. */
export const fileNameOf = (response: Response, fallback: string): string => {
  const header = response.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // a malformed name: the fallback below
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ?? fallback;
};

/** Hands a blob to the browser as a download. */
export const saveBlob = (blob: Blob, name: string): void => {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
};

/**
 * Downloads a file the API serves to a signed-in account (CSV exports, templates): fetched with
 * the session's bearer token, so a plain link (which carries no token) is not used. An error
 * answer throws the envelope as an ApiError, for the page to say in the person's words. The
 * answer's headers come back too (exports say in them how many rows the file holds).
 */
export const downloadFile = async (pathAndQuery: string, fallbackName: string, init: RequestInit = {}): Promise<{ name: string; bytes: number; headers: Headers }> => {
  const token = await session.accessToken();
  let response: Response;
  try {
    response = await window.fetch(pathAndQuery, { ...init, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers } });
  } catch (err) {
    throw networkError(err);
  }
  if (!response.ok) throw apiErrorFrom(response.status, await response.json().catch(() => undefined), response.headers);
  const blob = await response.blob();
  const name = fileNameOf(response, fallbackName);
  saveBlob(blob, name);
  return { name, bytes: blob.size, headers: response.headers };
};
