import {
  compareNewestFirst,
  currentDocument,
  decideCancel,
  decidePublication,
  supersededBy,
  cancelAuditAction,
  notPublishedCode,
  type DocumentStatus,
} from './legal-document';

const T0 = new Date('2026-03-01T00:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const doc = (id: string, effectiveMs: number, status: DocumentStatus = 'ACTIVE') => ({ id, effectiveAt: at(effectiveMs), status });

describe('publication status', () => {
  it('without effectiveAt a publication is ACTIVE from now', () => {
    expect(decidePublication(null, T0)).toEqual({ outcome: 'ACTIVE', effectiveAt: T0 });
    expect(decidePublication(undefined, T0)).toEqual({ outcome: 'ACTIVE', effectiveAt: T0 });
  });

  it('an effectiveAt within 60 s of now, either side, is ACTIVE from now', () => {
    for (const ms of [-60_000, -59_999, -1, 0, 1, 59_999, 60_000]) {
      expect(decidePublication(at(ms), T0)).toEqual({ outcome: 'ACTIVE', effectiveAt: T0 });
    }
  });

  it('an effectiveAt more than 60 s ahead is SCHEDULED at that time', () => {
    expect(decidePublication(at(60_001), T0)).toEqual({ outcome: 'SCHEDULED', effectiveAt: at(60_001) });
    expect(decidePublication(at(86_400_000), T0)).toEqual({ outcome: 'SCHEDULED', effectiveAt: at(86_400_000) });
  });

  it('an effectiveAt more than 60 s in the past is rejected', () => {
    expect(decidePublication(at(-60_001), T0)).toEqual({ outcome: 'REJECTED_PAST' });
  });
});

describe('current document', () => {
  it('is null when nothing is published', () => {
    expect(currentDocument([], T0)).toBeNull();
  });

  it('is null when every document is still scheduled', () => {
    expect(currentDocument([doc('a', 1)], T0)).toBeNull();
  });

  it('is the latest document whose effectiveAt is not in the future', () => {
    const docs = [doc('a', -5000), doc('b', -1000), doc('c', 10_000, 'SCHEDULED')];
    expect(currentDocument(docs, T0)?.id).toBe('b');
  });

  it('a scheduled document becomes current purely by time', () => {
    const docs = [doc('a', -5000), doc('c', 10_000, 'SCHEDULED')];
    expect(currentDocument(docs, at(9_999))?.id).toBe('a');
    expect(currentDocument(docs, at(10_000))?.id).toBe('c');
  });

  it('among equal effective times the greater id (later UUID v7) wins', () => {
    expect(currentDocument([doc('0001', 0), doc('0002', 0)], T0)?.id).toBe('0002');
  });

  it('the stored status snapshot does not decide: a SUPERSEDED snapshot with the latest time is still current', () => {
    expect(currentDocument([doc('a', -10, 'SUPERSEDED'), doc('b', -20, 'ACTIVE')], T0)?.id).toBe('a');
  });
});

describe('history order', () => {
  it('is effectiveAt desc, then id desc', () => {
    const sorted = [doc('a', 0), doc('c', 5), doc('b', 0), doc('d', -5)].sort(compareNewestFirst).map((d) => d.id);
    expect(sorted).toEqual(['c', 'b', 'a', 'd']);
  });
});

describe('superseding', () => {
  it('an immediate publication supersedes every other document already in effect, not future schedules', () => {
    const docs = [doc('old', -9000, 'SUPERSEDED'), doc('prev', -5000, 'ACTIVE'), doc('due', -10, 'SCHEDULED'), doc('later', 5000, 'SCHEDULED')];
    expect(supersededBy(docs, T0).map((d) => d.id)).toEqual(['prev', 'due']);
  });
});

describe('cancel', () => {
  it('a scheduled document whose time is still ahead can be canceled', () => {
    expect(decideCancel({ status: 'SCHEDULED', effectiveAt: at(1) }, T0)).toEqual({ outcome: 'CANCEL' });
  });

  it('a scheduled document whose time has come is no longer scheduled', () => {
    expect(decideCancel({ status: 'SCHEDULED', effectiveAt: T0 }, T0)).toEqual({ outcome: 'NOT_SCHEDULED' });
    expect(decideCancel({ status: 'SCHEDULED', effectiveAt: at(-1) }, T0)).toEqual({ outcome: 'NOT_SCHEDULED' });
  });

  it('ACTIVE and SUPERSEDED documents cannot be canceled', () => {
    expect(decideCancel({ status: 'ACTIVE', effectiveAt: at(1) }, T0)).toEqual({ outcome: 'NOT_SCHEDULED' });
    expect(decideCancel({ status: 'SUPERSEDED', effectiveAt: at(-1) }, T0)).toEqual({ outcome: 'NOT_SCHEDULED' });
  });

  it('names the audit action and the not-published code per kind', () => {
    expect(cancelAuditAction('TERMS')).toBe('TERMS_SCHEDULE_CANCELED');
    expect(cancelAuditAction('PRIVACY_POLICY')).toBe('PRIVACY_POLICY_SCHEDULE_CANCELED');
    expect(notPublishedCode('TERMS')).toBe('TERMS_NOT_PUBLISHED');
    expect(notPublishedCode('PRIVACY_POLICY')).toBe('PRIVACY_NOT_PUBLISHED');
  });
});
