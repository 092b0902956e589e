import { storeTransition } from './store-status';

describe('store status machine and closure', () => {
  it('suspends ACTIVE and INACTIVE stores', () => {
    expect(storeTransition({ status: 'ACTIVE', closed: false }, 'SUSPEND')).toEqual({ ok: true, next: 'SUSPENDED' });
    expect(storeTransition({ status: 'INACTIVE', closed: false }, 'SUSPEND')).toEqual({ ok: true, next: 'SUSPENDED' });
  });

  it('when the store is already suspended, suspending is an invalid transition', () => {
    expect(storeTransition({ status: 'SUSPENDED', closed: false }, 'SUSPEND')).toEqual({ ok: false, reason: 'STORE_INVALID_STATUS_TRANSITION' });
  });

  it('reactivates only SUSPENDED stores, to ACTIVE', () => {
    expect(storeTransition({ status: 'SUSPENDED', closed: false }, 'REACTIVATE')).toEqual({ ok: true, next: 'ACTIVE' });
    expect(storeTransition({ status: 'ACTIVE', closed: false }, 'REACTIVATE')).toEqual({ ok: false, reason: 'STORE_INVALID_STATUS_TRANSITION' });
    expect(storeTransition({ status: 'INACTIVE', closed: false }, 'REACTIVATE')).toEqual({ ok: false, reason: 'STORE_INVALID_STATUS_TRANSITION' });
  });

  it('closes from any status and keeps the status', () => {
    for (const status of ['ACTIVE', 'INACTIVE', 'SUSPENDED'] as const) {
      expect(storeTransition({ status, closed: false }, 'CLOSE')).toEqual({ ok: true, next: status });
    }
  });

  it('when the store is closed, every move answers STORE_ALREADY_CLOSED', () => {
    for (const action of ['SUSPEND', 'REACTIVATE', 'CLOSE'] as const) {
      for (const status of ['ACTIVE', 'INACTIVE', 'SUSPENDED'] as const) {
        expect(storeTransition({ status, closed: true }, action)).toEqual({ ok: false, reason: 'STORE_ALREADY_CLOSED' });
      }
    }
  });
});
