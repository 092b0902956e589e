import { v7 as uuidv7, validate } from 'uuid';
import { createHash, randomBytes } from 'node:crypto';

/** Time-ordered UUIDs (v7): index-friendly and sortable by creation. */
export const newId = (): string => uuidv7();
export const isUuid = (value: string): boolean => validate(value);

/** A random opaque token (URL-safe) for refresh, link and exchange tokens. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
/** Tokens are stored as their SHA-256, never in clear. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
