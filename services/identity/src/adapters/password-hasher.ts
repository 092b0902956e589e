import bcrypt from 'bcrypt';
import { createHash, randomBytes } from 'node:crypto';

/**
 * Passwords through bcrypt's async API only (the event loop never blocks on a hash). The password
 * is SHA-256'd (base64, 44 characters) first: bcrypt reads at most 72 bytes, and a 100-character
 * password (Korean text is 3 bytes a character) must count in full.
 */
export class PasswordHasher {
  constructor(private readonly cost: number = 10) {}

  private static prepare(password: string): string {
    return createHash('sha256').update(password, 'utf8').digest('base64');
  }

  hash(password: string): Promise<string> {
    return bcrypt.hash(PasswordHasher.prepare(password), this.cost);
  }

  verify(password: string, hash: string): Promise<boolean> {
    return bcrypt.compare(PasswordHasher.prepare(password), hash);
  }

  /** A hash of a random password: unknown emails are compared against it, so they take as long. */
  dummyHash(): Promise<string> {
    return this.hash(randomBytes(16).toString('hex'));
  }
}

/** A temporary password the server generates and never returns (24 URL-safe characters). */
export const generateTempPassword = (): string => randomBytes(18).toString('base64url');
