import { ackPerDevice, ackTiming, isLate, LATE_AFTER_MS, receiptOrder, summaryOrder, tally, type AckRecord } from './delivery';

const due = new Date('2026-03-10T00:00:02.000Z');
const at = (ms: number) => new Date(due.getTime() + ms);

describe('ackTiming', () => {
  const ack = (over: Partial<AckRecord>) => ({ signalSourceRaw: null, receivedAtRaw: null, startedAtRaw: null, createdAt: at(3000), ...over });
  it('lags are the reported times minus due, negative when before it', () => {
    expect(ackTiming(ack({ signalSourceRaw: 'SSE', receivedAtRaw: at(-1900).toISOString(), startedAtRaw: at(250).toISOString() }), due)).toEqual({
      signalSource: 'SSE',
      receivedAt: at(-1900),
      startedAt: at(250),
      receivedLagMs: -1900,
      startedLagMs: 250,
    });
  });
  it('a time not reported, not an instant, over 30 s ahead of the ack or over 1 h after due has no lag (the signal latency rule)', () => {
    expect(ackTiming(ack({}), due)).toMatchObject({ receivedAt: null, receivedLagMs: null, startedLagMs: null });
    expect(ackTiming(ack({ startedAtRaw: 'soon', signalSourceRaw: 'PIGEON' }), due)).toMatchObject({ startedAt: null, startedLagMs: null, signalSource: null });
    expect(ackTiming(ack({ startedAtRaw: at(33_001).toISOString() }), due)).toMatchObject({ startedAt: at(33_001), startedLagMs: null });
    expect(ackTiming(ack({ startedAtRaw: at(-30_001).toISOString() }), due).startedLagMs).toBeNull();
    expect(ackTiming(ack({ startedAtRaw: at(3_600_001).toISOString(), createdAt: at(3_600_002) }), due).startedLagMs).toBeNull();
  });
});

describe('ackPerDevice', () => {
  const a = (id: string, deviceId: string | null, outcome: string, ms: number): AckRecord => ({
    id, dispatchId: 'd', deviceId, outcome, signalSourceRaw: null, receivedAtRaw: null, startedAtRaw: null, createdAt: at(ms),
  });
  it('keeps the ack that made the row PLAYED, else a device\'s first PLAYED, else its latest; store-level acks are one more entry', () => {
    const acks = [a('1', 'x', 'FAILED', 1), a('2', 'y', 'FAILED', 2), a('3', 'y', 'FAILED', 3), a('4', 'x', 'PLAYED', 4), a('5', 'x', 'PLAYED', 5), a('6', null, 'PLAYED', 6), a('7', 'z', 'PLAYED', 7), a('8', 'z', 'PLAYED', 8)];
    expect(ackPerDevice(acks, '4').map((k) => k.id)).toEqual(['3', '4', '6', '7']);
  });
});

describe('late and the orders', () => {
  const row = (status: 'PLAYED' | 'MISSED' | 'PENDING' | 'SCHEDULED' | 'CANCELED', startedLagMs: number | null, storeName: string | null, storeId = storeName ?? 'z') => ({
    status,
    startedLagMs,
    late: isLate(status, startedLagMs),
    storeName,
    storeId,
  });
  it('only a PLAYED row that started over lateAfterMs after due is late', () => {
    expect([isLate('PLAYED', LATE_AFTER_MS), isLate('PLAYED', LATE_AFTER_MS + 1), isLate('PLAYED', null), isLate('MISSED', 60_000)]).toEqual([false, true, false, false]);
  });
  it('receipts: MISSED, late, PENDING or SCHEDULED, the rest; then slowest start first (unreported last), then store name (unknown last)', () => {
    const rows = [
      row('PLAYED', 100, '가'),
      row('CANCELED', null, '나'),
      row('PENDING', null, '다'),
      row('PLAYED', 20_000, '라'),
      row('PLAYED', 11_000, '마'),
      row('MISSED', null, '바'),
      row('SCHEDULED', null, '사'),
      row('PLAYED', 900, null),
      row('PLAYED', null, '아'),
    ];
    expect([...rows].sort(receiptOrder).map((r) => r.storeName)).toEqual(['바', '라', '마', '다', '사', null, '가', '나', '아']);
    expect(tally(rows)).toEqual({ total: 9, played: 5, onTime: 3, late: 2, missed: 1, pending: 2, canceled: 1 });
  });
  it('summary: most missed, then most late, then store name', () => {
    const t = (storeName: string, missed: number, late: number) => ({ storeId: storeName, storeName, total: 9, onTime: 0, late, missed, pending: 0, canceled: 0 });
    expect([t('가', 0, 0), t('나', 1, 0), t('다', 1, 2), t('라', 0, 3), t('마', 0, 0)].sort(summaryOrder).map((r) => r.storeName)).toEqual(['다', '나', '라', '가', '마']);
  });
});
