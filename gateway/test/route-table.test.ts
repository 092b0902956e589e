import fs from 'node:fs';
import path from 'node:path';
import { bodyLimitFor, BODY_CLASS_LIMITS } from '../src/routes/body-limits';
import { compilePattern, compareSpecificity, splitPath } from '../src/routes/path-pattern';
import { rateLimitGroupFor } from '../src/routes/rate-limit-groups';
import { allowedWhilePasswordMustChange, resolveRoute, ROUTES, SERVICES } from '../src/routes/route-table';

describe('route table', () => {
  it('has no two entries with the same pattern', () => {
    const sources = ROUTES.map((r) => r.pattern.source);
    expect(new Set(sources).size).toBe(sources.length);
  });

  it('is repeated row by row in gateway/README.md', () => {
    const readme = fs.readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');
    for (const r of ROUTES) {
      const roles = r.roles ? r.roles.join(', ') : r.auth === 'token' ? 'any role' : '—';
      expect(readme).toContain(`| \`${r.pattern.source}\` | ${r.service} | ${r.auth} | ${roles} |`);
    }
  });

  it('routes every service of the architecture somewhere', () => {
    for (const s of SERVICES) expect(ROUTES.some((r) => r.service === s)).toBe(true);
  });

  it('picks the most specific pattern whatever the order of the table', () => {
    expect(compareSpecificity(compilePattern('/a/b/**'), compilePattern('/a/**'))).toBeLessThan(0);
    expect(compareSpecificity(compilePattern('/a/b'), compilePattern('/a/b/**'))).toBeLessThan(0);
    expect(compareSpecificity(compilePattern('/a/b/c'), compilePattern('/a/*/c'))).toBeLessThan(0);
    expect(resolveRoute('/api/v1/admin/hq/h1/consents')?.service).toBe('legal');
    expect(resolveRoute('/api/v1/admin/hq/h1/consents/latest')?.service).toBe('legal');
    expect(resolveRoute('/api/v1/admin/hq/h1')?.service).toBe('organization');
    expect(resolveRoute('/api/v1/store/announcements/stream')?.auth).toBe('public');
    expect(resolveRoute('/api/v1/store/announcements/stream-ticket')?.service).toBe('sse-fanout');
    expect(resolveRoute('/api/v1/store/announcements/pending')?.service).toBe('announcement-dispatch');
  });

  it('matches whole segments only, ignores a trailing slash, and is case-sensitive', () => {
    expect(resolveRoute('/api/v1/hq/storesx')).toBeUndefined();
    expect(resolveRoute('/api/v1/auth/login/')?.auth).toBe('public');
    expect(resolveRoute('/api/v1/auth/login/extra')?.auth).toBe('token');
    expect(resolveRoute('/API/v1/auth/login')).toBeUndefined();
  });

  it('refuses dot segments and broken escapes', () => {
    expect(splitPath('/api/v1/terms/active/../x')).toBeUndefined();
    expect(splitPath('/api/v1/%2E%2e/x')).toBeUndefined();
    expect(splitPath('/api/v1/%2fadmin')).toBeUndefined();
    expect(splitPath('/api/v1/%zz')).toBeUndefined();
    expect(splitPath('/api/v1/hq/stores')).toEqual(['api', 'v1', 'hq', 'stores']);
  });

  it('gates each role area by prefix', () => {
    for (const r of ROUTES) {
      const p = r.pattern.source;
      if (p.startsWith('/api/v1/admin/')) expect(r.roles).toEqual(['OPERATOR']);
      if (p.startsWith('/api/v1/hq/')) expect(r.roles).toEqual(['HQ_MANAGER']);
      if (p.startsWith('/api/v1/store/') && p !== '/api/v1/store/announcements/stream') expect(r.roles).toEqual(['STORE_MANAGER']);
    }
  });

  it('allowlists exactly the four calls (and OPTIONS) while a password change is required', () => {
    expect(allowedWhilePasswordMustChange('POST', '/api/v1/auth/change-password')).toBe(true);
    expect(allowedWhilePasswordMustChange('GET', '/api/v1/auth/me')).toBe(true);
    expect(allowedWhilePasswordMustChange('POST', '/api/v1/auth/logout')).toBe(true);
    expect(allowedWhilePasswordMustChange('POST', '/api/v1/auth/refresh')).toBe(true);
    expect(allowedWhilePasswordMustChange('OPTIONS', '/api/v1/hq/me')).toBe(true);
    expect(allowedWhilePasswordMustChange('GET', '/api/v1/auth/change-password')).toBe(false);
    expect(allowedWhilePasswordMustChange('DELETE', '/api/v1/auth/me')).toBe(false);
  });
});

describe('rate-limit groups and body limits', () => {
  it('maps method and path to the spec groups', () => {
    expect(rateLimitGroupFor('POST', '/api/v1/auth/login')).toBe('LOGIN');
    expect(rateLimitGroupFor('POST', '/api/v1/admin/stores/independent')).toBe('STORE_PROVISION');
    expect(rateLimitGroupFor('POST', '/api/v1/admin/hq/h1/stores')).toBe('STORE_PROVISION');
    expect(rateLimitGroupFor('POST', '/api/v1/hq/stores')).toBe('STORE_PROVISION');
    expect(rateLimitGroupFor('POST', '/api/v1/hq/stores/s1/managers')).toBe('STORE_PROVISION');
    expect(rateLimitGroupFor('POST', '/api/v1/hq/stores/bulk')).toBe('BULK_PROVISION');
    expect(rateLimitGroupFor('POST', '/api/v1/hq/announcements')).toBe('SYNTHESIS');
    expect(rateLimitGroupFor('POST', '/api/v1/store/broadcasts/preview')).toBe('SYNTHESIS');
    expect(rateLimitGroupFor('POST', '/api/v1/store/tickets/t1/attachments')).toBe('TICKET_ATTACHMENT');
    expect(rateLimitGroupFor('POST', '/api/v1/uploads/files')).toBe('UPLOAD_FILES');
    expect(rateLimitGroupFor('POST', '/api/v1/admin/email-templates/SETUP/test-send')).toBe('EMAIL_TEMPLATE_TEST');
    expect(rateLimitGroupFor('POST', '/api/v1/api-access/sign-up')).toBe('API_SIGN_UP');
    expect(rateLimitGroupFor('GET', '/api/v1/hq/stores')).toBeUndefined();
    expect(rateLimitGroupFor('GET', '/api/v1/auth/login')).toBeUndefined();
  });

  it('gives uploads their own body limit and everything else the JSON limit', () => {
    const json = 1024 * 1024;
    expect(bodyLimitFor('POST', '/api/v1/admin/music', json)).toBe(BODY_CLASS_LIMITS.music);
    expect(bodyLimitFor('PUT', '/api/v1/admin/music/m1/file', json)).toBe(BODY_CLASS_LIMITS.music);
    expect(bodyLimitFor('POST', '/api/v1/hq/stores/bulk', json)).toBe(BODY_CLASS_LIMITS.csv);
    expect(bodyLimitFor('POST', '/api/v1/store/tickets/t1/attachments', json)).toBe(BODY_CLASS_LIMITS.attachment);
    expect(bodyLimitFor('POST', '/api/v1/store/broadcasts/recording', json)).toBe(BODY_CLASS_LIMITS.recording);
    expect(bodyLimitFor('POST', '/api/v1/hq/stores', json)).toBe(json);
    expect(BODY_CLASS_LIMITS.music).toBeGreaterThan(20 * 1024 * 1024);
  });
});
