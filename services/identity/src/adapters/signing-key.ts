import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import { type AccessClaims, JWT_AUDIENCE, JWT_ISSUER, type Logger } from '@storecast/service-kit';

export interface SigningKeyConfig {
  NODE_ENV: string;
  JWT_PRIVATE_KEY?: string;
  JWT_KEY_FILE: string;
}

/**
 * The RS256 key that signs access tokens. From JWT_PRIVATE_KEY; outside production, when absent,
 * read from JWT_KEY_FILE or generated into it once (mode 0600), so restarts keep tokens valid.
 * The key id is derived from the public key (first 16 characters of the base64url SHA-256 of its
 * SPKI DER), so every replica with the same key announces the same `kid`.
 */
export class SigningKey {
  readonly kid: string;
  readonly publicKeyPem: string;
  private readonly publicKey: KeyObject;

  constructor(private readonly privateKey: KeyObject) {
    if (privateKey.asymmetricKeyType !== 'rsa') throw new Error('JWT_PRIVATE_KEY must be an RSA key (RS256)');
    this.publicKey = createPublicKey(privateKey);
    this.publicKeyPem = this.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const der = this.publicKey.export({ type: 'spki', format: 'der' });
    this.kid = createHash('sha256').update(der).digest('base64url').slice(0, 16);
  }

  static fromPem(pem: string): SigningKey {
    return new SigningKey(createPrivateKey(pem.replace(/\\n/g, '\n')));
  }

  static load(config: SigningKeyConfig, logger?: Logger): SigningKey {
    if (config.JWT_PRIVATE_KEY) return SigningKey.fromPem(config.JWT_PRIVATE_KEY);
    if (config.NODE_ENV === 'production') throw new Error('JWT_PRIVATE_KEY is required in production');
    const file = path.resolve(process.cwd(), config.JWT_KEY_FILE);
    if (!fs.existsSync(file)) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      try {
        // 'wx': a concurrent start that wrote it first wins; both then read the same key.
        fs.writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
        logger?.info({ file }, 'generated a token signing key');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
    }
    return SigningKey.fromPem(fs.readFileSync(file, 'utf8'));
  }

  /** The JWK published at /api/v1/auth/jwks. */
  jwk(): { kty: string; n: string; e: string; kid: string; alg: 'RS256'; use: 'sig' } {
    const jwk = this.publicKey.export({ format: 'jwk' }) as { kty: string; n: string; e: string };
    return { kty: jwk.kty, n: jwk.n, e: jwk.e, kid: this.kid, alg: 'RS256', use: 'sig' };
  }

  /** Signs access-token claims valid from issuedAt to expiresAt (times from the injected clock). */
  sign(claims: AccessClaims, issuedAt: Date, expiresAt: Date): string {
    const payload: Record<string, unknown> = {
      sub: claims.sub,
      role: claims.role,
      passwordMustChange: claims.passwordMustChange,
      iat: Math.floor(issuedAt.getTime() / 1000),
      exp: Math.floor(expiresAt.getTime() / 1000),
    };
    if (claims.hqId) payload.hqId = claims.hqId;
    if (claims.storeId) payload.storeId = claims.storeId;
    if (claims.impersonatedBy) payload.impersonatedBy = claims.impersonatedBy;
    return jwt.sign(payload, this.privateKey, { algorithm: 'RS256', keyid: this.kid, issuer: JWT_ISSUER, audience: JWT_AUDIENCE });
  }
}
