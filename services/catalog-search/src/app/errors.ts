import { badRequest, conflict, notFound, serviceUnavailable } from '@storecast/service-kit';

// The spec's codes of this service, raised by the use cases (spec 02 § Errors, spec 03 § Errors).
export const musicNotFound = (fields?: Record<string, string>) => notFound('MUSIC_NOT_FOUND', 'Music not found', { fields });
export const tagOptionNotFound = (fields?: Record<string, string>) => notFound('MUSIC_TAG_OPTION_NOT_FOUND', 'Music tag option not found', { fields });
export const tagOptionDuplicate = () => conflict('MUSIC_TAG_OPTION_DUPLICATE', 'A tag option with this type and value exists');
export const libraryNotFound = (fields?: Record<string, string>) => notFound('LIBRARY_NOT_FOUND', 'Library not found', { fields });
export const playlistNotFound = () => notFound('PLAYLIST_NOT_FOUND', 'Playlist not found');
export const deviceNotFound = () => notFound('STORE_DEVICE_NOT_FOUND', 'Device not found');
export const storeClosed = () => conflict('STORE_ALREADY_CLOSED', 'The store is closed');
export const musicInvalidField = (field: string, message: string) =>
  badRequest('MUSIC_INVALID_FIELD', message, { details: [{ field, code: 'INVALID', message }] });
export const metadataParseFailed = (message: string) => badRequest('METADATA_PARSE_FAILED', message);
export const storageUnavailable = (cause: unknown) => serviceUnavailable('Object storage is unavailable', cause);
