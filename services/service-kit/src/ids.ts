import { v7 as uuidv7, validate } from 'uuid';
import { createHash, randomBytes } from 'node:crypto';

/** Time-ordered UUIDs (v7): index-friendly and sortable by creation. */
export const newId = (): string => uuidv7();
export const isUuid = (value: string): boolean => validate(value);
/**
 * The smallest v7 id of a millisecond: every id newId() made before `ms` sorts below it (PostgreSQL
 * compares uuids bytewise, and a v7 id starts with its 48-bit millisecond time), so a primary-key
 * range finds old rows without an index on their time.
 */
export const uuidv7Floor = (ms: number): string => {
  const hex = Math.max(0, Math.floor(ms)).toString(16).padStart(12, '0').slice(-12);
  return `${hex.slice(0, 8)}-${hex.slice(8)}-7000-8000-000000000000`;
};

/** A random opaque token (URL-safe) for refresh, link and exchange tokens. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
/** Tokens are stored as their SHA-256, never in clear. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
