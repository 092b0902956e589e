import { exportRecord, kstWallClock, safeCell } from './csv-export';

describe('CSV export cells', () => {
  it.each(['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\t=1', '\r=1'])('a text starting like a formula (%j) is made literal with an apostrophe', (v) => {
    expect(safeCell(v)).toBe(`'${v}`);
  });

  it('ordinary text and empty values stay as they are', () => {
    expect(safeCell('Gangnam 1호점')).toBe('Gangnam 1호점');
    expect(safeCell('a=b')).toBe('a=b');
    expect(safeCell(null)).toBe('');
  });

  it('a record carries the KST wall clock and safe titles and store names', () => {
    const record = exportRecord({
      startedAt: new Date('2026-03-01T15:30:00.000Z'),
      storeId: 's',
      storeName: '=HYPERLINK("x")',
      deviceId: null,
      musicId: 'm',
      musicTitle: '@song',
      musicSource: 'TRUST',
      isTrust: true,
      libraryId: null,
      playedMs: 1200,
      cacheHit: null,
    });
    expect(record).toEqual(['2026-03-01T15:30:00.000Z', '2026-03-02 00:30:00', 's', `'=HYPERLINK("x")`, '', 'm', "'@song", 'TRUST', 'true', '', 1200, '']);
    expect(kstWallClock(new Date('2026-12-31T15:00:00.000Z'))).toBe('2027-01-01 00:00:00');
  });
});
