import { hqTransition, hqMayProvision, type HqAction } from './hq-status';
import { HQ_STATUSES, type HqStatus } from './enums';

const franchise = (status: HqStatus) => ({ type: 'FRANCHISE' as const, status });

describe('HQ status machine', () => {
  it('activates only an ONBOARDING HQ', () => {
    expect(hqTransition(franchise('ONBOARDING'), 'ACTIVATE')).toEqual({ ok: true, next: 'ACTIVE' });
    for (const s of ['ACTIVE', 'UNPAID', 'SUSPENDED'] as const) {
      expect(hqTransition(franchise(s), 'ACTIVATE')).toEqual({ ok: false, reason: 'HQ_INVALID_STATUS_TRANSITION' });
    }
  });

  it('suspends from ACTIVE, ONBOARDING and UNPAID, not from SUSPENDED', () => {
    for (const s of ['ACTIVE', 'ONBOARDING', 'UNPAID'] as const) {
      expect(hqTransition(franchise(s), 'SUSPEND')).toEqual({ ok: true, next: 'SUSPENDED' });
    }
    expect(hqTransition(franchise('SUSPENDED'), 'SUSPEND')).toEqual({ ok: false, reason: 'HQ_INVALID_STATUS_TRANSITION' });
  });

  it('never suspends the INDEPENDENT HQ, whatever its status', () => {
    for (const s of HQ_STATUSES) {
      expect(hqTransition({ type: 'INDEPENDENT', status: s }, 'SUSPEND')).toEqual({
        ok: false,
        reason: 'INDEPENDENT_HQ_SUSPENSION_FORBIDDEN',
      });
    }
  });

  it('reactivates a SUSPENDED HQ to ACTIVE and nothing else', () => {
    expect(hqTransition(franchise('SUSPENDED'), 'REACTIVATE')).toEqual({ ok: true, next: 'ACTIVE' });
    for (const s of ['ACTIVE', 'ONBOARDING', 'UNPAID'] as const) {
      expect(hqTransition(franchise(s), 'REACTIVATE').ok).toBe(false);
    }
  });

  it('moves ACTIVE to UNPAID and UNPAID back to ACTIVE', () => {
    expect(hqTransition(franchise('ACTIVE'), 'MARK_UNPAID')).toEqual({ ok: true, next: 'UNPAID' });
    expect(hqTransition(franchise('UNPAID'), 'MARK_PAID')).toEqual({ ok: true, next: 'ACTIVE' });
    const invalid: Array<[HqStatus, HqAction]> = [
      ['ONBOARDING', 'MARK_UNPAID'], ['SUSPENDED', 'MARK_UNPAID'], ['UNPAID', 'MARK_UNPAID'],
      ['ACTIVE', 'MARK_PAID'], ['ONBOARDING', 'MARK_PAID'], ['SUSPENDED', 'MARK_PAID'],
    ];
    for (const [s, a] of invalid) expect(hqTransition(franchise(s), a)).toEqual({ ok: false, reason: 'HQ_INVALID_STATUS_TRANSITION' });
  });

  it('never marks the INDEPENDENT HQ unpaid', () => {
    expect(hqTransition({ type: 'INDEPENDENT', status: 'ACTIVE' }, 'MARK_UNPAID').ok).toBe(false);
  });

  it('lets every HQ but a suspended one provision stores', () => {
    expect(HQ_STATUSES.filter(hqMayProvision)).toEqual(['ACTIVE', 'ONBOARDING', 'UNPAID']);
  });
});
