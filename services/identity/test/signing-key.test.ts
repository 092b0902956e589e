import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import { ConfigError, TokenVerifier } from '@storecast/service-kit';
import { createTestKeys } from '@storecast/service-kit/testing';
import { loadIdentityConfig } from '../src/config';
import { SigningKey } from '../src/adapters/signing-key';

describe('the token signing key', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'identity-keys-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('outside production without JWT_PRIVATE_KEY, is generated once into JWT_KEY_FILE and reused after a restart', () => {
    const file = path.join(dir, 'nested', 'jwt-private.pem');
    const first = SigningKey.load({ NODE_ENV: 'development', JWT_KEY_FILE: file });
    expect(fs.existsSync(file)).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const second = SigningKey.load({ NODE_ENV: 'development', JWT_KEY_FILE: file });
    expect(second.kid).toBe(first.kid);
    const token = first.sign({ sub: 'a', role: 'OPERATOR', passwordMustChange: false }, new Date(), new Date(Date.now() + 60_000));
    return expect(new TokenVerifier({ publicKeyPem: second.publicKeyPem }).verify(token)).resolves.toMatchObject({ sub: 'a' });
  });

  it('uses JWT_PRIVATE_KEY when given (no file is written)', () => {
    const keys = createTestKeys();
    const file = path.join(dir, 'unused.pem');
    const key = SigningKey.load({ NODE_ENV: 'development', JWT_PRIVATE_KEY: keys.privateKeyPem, JWT_KEY_FILE: file });
    expect(key.publicKeyPem).toBe(keys.publicKeyPem);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('in production, a missing JWT_PRIVATE_KEY is a configuration error naming the variable', () => {
    try {
      loadIdentityConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587' });
      throw new Error('expected a configuration error');
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).problems).toEqual(['JWT_PRIVATE_KEY: missing']);
    }
  });

  it('in production, a missing SMTP_URL is a configuration error (links are never written to a pod disk); development keeps the mail folder', () => {
    const keys = createTestKeys();
    try {
      loadIdentityConfig({ NODE_ENV: 'production', JWT_PRIVATE_KEY: keys.privateKeyPem });
      throw new Error('expected a configuration error');
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).problems).toEqual(['SMTP_URL: missing']);
    }
    expect(loadIdentityConfig({ NODE_ENV: 'development' }).SMTP_URL).toBeUndefined();
  });

  it('signs RS256 with its kid in the header', () => {
    const key = SigningKey.fromPem(createTestKeys().privateKeyPem);
    const token = key.sign({ sub: 'a', role: 'HQ_MANAGER', hqId: 'h', passwordMustChange: true, impersonatedBy: 'op' }, new Date(), new Date(Date.now() + 1000));
    const decoded = jwt.decode(token, { complete: true })!;
    expect(decoded.header).toEqual({ alg: 'RS256', typ: 'JWT', kid: key.kid });
    expect(decoded.payload).toMatchObject({ sub: 'a', role: 'HQ_MANAGER', hqId: 'h', passwordMustChange: true, impersonatedBy: 'op' });
  });
});
