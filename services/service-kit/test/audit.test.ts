import { auditActorOf, auditRecord, ManualClock } from '../src';

describe('audit records', () => {
  const clock = new ManualClock(new Date('2026-11-22T10:00:00.000Z'));

  it('name the token holder as actor', () => {
    expect(auditActorOf({ accountId: 'hq-mgr', role: 'HQ_MANAGER' })).toEqual({ accountId: 'hq-mgr', role: 'HQ_MANAGER', impersonatedBy: null });
  });

  it('while an operator impersonates, the role is OPERATOR_IMPERSONATING and the operator is kept', () => {
    expect(auditActorOf({ accountId: 'hq-mgr', role: 'HQ_MANAGER', impersonatedBy: 'op-1' })).toEqual({
      accountId: 'hq-mgr',
      role: 'OPERATOR_IMPERSONATING',
      impersonatedBy: 'op-1',
    });
  });

  it('carry the entry, the actor and the time, with absent optionals as null', () => {
    const record = auditRecord(auditActorOf({ accountId: 'a', role: 'OPERATOR' }), { action: 'HQ_ACTIVATED', targetType: 'HQ', targetId: 'hq-1' }, clock);
    expect(record).toEqual({
      id: expect.any(String),
      action: 'HQ_ACTIVATED',
      targetType: 'HQ',
      targetId: 'hq-1',
      targetLabel: null,
      detail: null,
      actorAccountId: 'a',
      actorRole: 'OPERATOR',
      impersonatedBy: null,
      createdAt: new Date('2026-11-22T10:00:00.000Z'),
    });
  });
});
