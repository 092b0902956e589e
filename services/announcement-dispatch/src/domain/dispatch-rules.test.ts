import { decideAck, reportedInstant, scheduledAtProblem, signalLatencyMs } from './dispatch-rules';

describe('decideAck', () => {
  it.each([
    [{ status: 'PENDING', failureCount: 0, outcome: 'PLAYED' }, { kind: 'PLAYED' }],
    [{ status: 'PENDING', failureCount: 0, outcome: 'SKIPPED' }, { kind: 'MISSED', reason: 'SKIPPED', failureCount: 0 }],
    [{ status: 'PENDING', failureCount: 1, outcome: 'FAILED' }, { kind: 'KEEP_PENDING', failureCount: 2 }],
    [{ status: 'PENDING', failureCount: 2, outcome: 'FAILED' }, { kind: 'MISSED', reason: 'PLAYBACK_FAILED', failureCount: 3 }],
    [{ status: 'PLAYED', failureCount: 0, outcome: 'PLAYED' }, { kind: 'ALREADY_PLAYED' }],
    [{ status: 'PLAYED', failureCount: 0, outcome: 'FAILED' }, { kind: 'NOT_FOUND' }],
    [{ status: 'MISSED', failureCount: 0, outcome: 'PLAYED' }, { kind: 'NOT_FOUND' }],
    [{ status: 'CANCELED', failureCount: 0, outcome: 'PLAYED' }, { kind: 'NOT_FOUND' }],
    [{ status: 'SCHEDULED', failureCount: 0, outcome: 'PLAYED' }, { kind: 'NOT_FOUND' }],
  ] as const)('%j → %j', (input, decision) => {
    expect(decideAck(input)).toEqual(decision);
  });

  it('with devices, a failure counts only when every active device failed or skipped', () => {
    expect(decideAck({ status: 'PENDING', failureCount: 0, outcome: 'FAILED', deviceOutcomes: ['FAILED', undefined] })).toEqual({ kind: 'KEEP_PENDING', failureCount: 0 });
    expect(decideAck({ status: 'PENDING', failureCount: 0, outcome: 'FAILED', deviceOutcomes: ['FAILED', 'SKIPPED'] })).toEqual({ kind: 'KEEP_PENDING', failureCount: 1 });
    expect(decideAck({ status: 'PENDING', failureCount: 0, outcome: 'SKIPPED', deviceOutcomes: ['SKIPPED', 'SKIPPED'] })).toEqual({ kind: 'MISSED', reason: 'SKIPPED', failureCount: 0 });
  });
});

describe('signalLatencyMs', () => {
  const createdAt = new Date('2026-03-10T00:00:00Z');
  const at = (ms: number) => new Date(createdAt.getTime() + ms);
  it('is receivedAt minus the scheduled time, else the creation time', () => {
    expect(signalLatencyMs({ receivedAt: at(1200), scheduledAt: null, createdAt, serverNow: at(5000) })).toBe(1200);
    expect(signalLatencyMs({ receivedAt: at(61_000), scheduledAt: at(60_000), createdAt, serverNow: at(70_000) })).toBe(1000);
  });
  it('is null when not reported or the client clock is off (30 s ahead, or more than 1 h)', () => {
    expect(signalLatencyMs({ receivedAt: null, scheduledAt: null, createdAt, serverNow: at(0) })).toBeNull();
    expect(signalLatencyMs({ receivedAt: at(40_000), scheduledAt: null, createdAt, serverNow: at(5_000) })).toBeNull();
    expect(signalLatencyMs({ receivedAt: at(-31_000), scheduledAt: null, createdAt, serverNow: at(5_000) })).toBeNull();
    expect(signalLatencyMs({ receivedAt: at(3_600_001), scheduledAt: null, createdAt, serverNow: at(3_600_002) })).toBeNull();
  });
  it('reads only ISO 8601 instants', () => {
    expect(reportedInstant('2026-03-10T00:00:01.5Z')?.toISOString()).toBe('2026-03-10T00:00:01.500Z');
    expect(reportedInstant('yesterday')).toBeNull();
    expect(reportedInstant(12)).toBeNull();
  });
});

describe('scheduledAtProblem', () => {
  const now = new Date('2026-03-10T00:00:00Z');
  it('refuses the past and beyond one year', () => {
    expect(scheduledAtProblem(now, now)).toBe('PAST');
    expect(scheduledAtProblem(new Date('2027-03-10T00:00:00Z'), now)).toBeUndefined();
    expect(scheduledAtProblem(new Date('2027-03-10T00:00:00.001Z'), now)).toBe('TOO_FAR');
  });
});
