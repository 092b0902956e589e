import { api, session, unwrap, type components } from '../api/client';
import { ApiError, apiErrorFrom, networkError } from '../errors/api-error';

export type UploadPurpose = components['schemas']['UploadTicketRequest']['purpose'];

/** Bytes sent of the request body so far (the multipart envelope included). */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * Files above this go through the upload-ticket flow (spec 02 § Upload tickets): the ticket is
 * good for 10 minutes, so a slow upload does not depend on an access token that may expire
 * while the bytes are still on their way.
 */
export const TICKET_FLOW_FROM_BYTES = 5 * 1024 * 1024;

const headersOf = (xhr: XMLHttpRequest): Headers => {
  const headers = new Headers();
  for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
};

/**
 * One multipart request with part `file`, through XMLHttpRequest because fetch() reports no
 * upload progress. Resolves with the JSON answer; an error answer rejects as an ApiError.
 */
export const sendMultipart = <T>(request: {
  method: 'POST' | 'PUT';
  url: string;
  file: Blob;
  fileName: string;
  headers: Record<string, string>;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => request.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : request.file.size });
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(apiErrorFrom(xhr.status, body, headersOf(xhr)));
    };
    xhr.onerror = () => reject(networkError());
    xhr.onabort = () => reject(new DOMException('The upload was canceled', 'AbortError'));
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', request.file, request.fileName);
    xhr.send(form);
  });

const issueTicket = (purpose: UploadPurpose, targetId?: string) =>
  unwrap(api.POST('/api/v1/uploads/tickets', { body: { purpose, ...(targetId ? { targetId } : {}) } }));

const isCode = (err: unknown, ...codes: string[]) => err instanceof ApiError && codes.includes(err.code);

/**
 * Uploads a file to a multipart endpoint of the API: small files straight to `directPath` with
 * the session's bearer token, large ones with an upload ticket of `purpose` to the ticket's
 * uploadUrl (the gateway forwards it to the same endpoint, same answer). A refused credential is
 * renewed once: a fresh access token, or a new ticket (spec 02: UPLOAD_TICKET_INVALID means ask
 * for a new ticket, not sign out).
 */
export const uploadFile = async <T>(options: {
  method: 'POST' | 'PUT';
  directPath: string;
  query: Record<string, string | number | undefined>;
  purpose: UploadPurpose;
  targetId?: string;
  file: File;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}): Promise<T> => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query)) if (value !== undefined) search.set(key, String(value));
  const query = search.toString() ? `?${search.toString()}` : '';
  const send = async (): Promise<T> => {
    if (options.file.size > TICKET_FLOW_FROM_BYTES) {
      const ticket = await issueTicket(options.purpose, options.targetId);
      return sendMultipart<T>({
        method: 'POST',
        url: `${ticket.uploadUrl}${query}`,
        file: options.file,
        fileName: options.file.name,
        headers: { 'X-Upload-Ticket': ticket.ticket },
        onProgress: options.onProgress,
        signal: options.signal,
      });
    }
    const token = await session.accessToken();
    return sendMultipart<T>({
      method: options.method,
      url: `${options.directPath}${query}`,
      file: options.file,
      fileName: options.file.name,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      onProgress: options.onProgress,
      signal: options.signal,
    });
  };
  try {
    return await send();
  } catch (err) {
    if (isCode(err, 'UPLOAD_TICKET_INVALID')) return send();
    if (isCode(err, 'AUTH_TOKEN_EXPIRED', 'AUTH_TOKEN_INVALID') && (await session.refresh().catch(() => null))) return send();
    throw err;
  }
};
