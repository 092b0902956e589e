import { ManualClock, TicketInvalidError, TicketSigner } from '../src';

describe('signed tickets', () => {
  const clock = new ManualClock(new Date('2026-11-23T00:00:00.000Z'));
  const secret = 'a-test-secret-of-at-least-32-characters!';
  const signer = new TicketSigner(secret, clock);
  const claims = { sub: '0190c6a0-0000-7000-8000-000000000001', role: 'STORE_MANAGER', storeId: 's1' };

  it('a ticket verifies for its own kind with its claims until it expires', () => {
    const { ticket, expiresAt } = signer.issue('stream', claims, 60);
    expect(expiresAt.toISOString()).toBe('2026-11-23T00:01:00.000Z');
    expect(signer.verify('stream', ticket)).toMatchObject({ ...claims, kind: 'stream' });
    clock.advance(60_000);
    expect(() => signer.verify('stream', ticket)).toThrow(new TicketInvalidError('expired'));
  });

  it('an upload ticket is refused on the stream and the reverse, under the same secret', () => {
    const upload = signer.issue('upload', { ...claims, purpose: 'MUSIC_CREATE' }, 600).ticket;
    const stream = signer.issue('stream', claims, 60).ticket;
    expect(() => signer.verify('stream', upload)).toThrow(TicketInvalidError);
    expect(() => signer.verify('upload', stream)).toThrow(TicketInvalidError);
  });

  it('a forged, altered or malformed ticket is refused', () => {
    const { ticket } = signer.issue('upload', claims, 600);
    const [payload] = ticket.split('.');
    const forged = `${payload}.${new TicketSigner('another-secret-of-at-least-32-characters', clock).issue('upload', claims, 600).ticket.split('.')[1]}`;
    const altered = `${Buffer.from(JSON.stringify({ ...claims, role: 'OPERATOR', kind: 'upload', exp: 9e15, jti: 'x' })).toString('base64url')}.${ticket.split('.')[1]}`;
    for (const bad of [forged, altered, 'nonsense', '', 'a.b.c', undefined, 42]) expect(() => signer.verify('upload', bad)).toThrow(TicketInvalidError);
  });

  it('a short secret is refused at start-up', () => {
    expect(() => new TicketSigner('short')).toThrow('32 characters');
  });
});
