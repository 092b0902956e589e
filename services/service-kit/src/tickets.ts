import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from './clock';
import { systemClock } from './clock';
import { randomToken } from './ids';

/**
 * Short-lived signed tickets: the credential of a request that cannot carry the session
 * (a browser's EventSource, a large file sent straight to the upload endpoint). A ticket is
 * `<payload>.<signature>` (base64url JSON + HMAC-SHA256). The signature covers the ticket's KIND
 * (`upload`, `stream`) as well as the payload, so a ticket of one kind never verifies as another,
 * even under the same secret (spec 03: upload tickets cannot be used for the stream).
 */
export type TicketKind = 'upload' | 'stream';

export interface TicketClaims {
  /** Account the ticket was issued to. */
  sub: string;
  role: string;
  hqId?: string;
  storeId?: string;
  /** What the ticket may be used for within its kind (an upload purpose, a device id). */
  purpose?: string;
  deviceId?: string;
  /** The one resource an upload ticket may write (the music to replace, the support ticket). */
  targetId?: string;
  /** Operator account id when the ticket was issued to an impersonated session (audit). */
  impersonatedBy?: string;
}

export interface VerifiedTicket extends TicketClaims {
  kind: TicketKind;
  /** Expiry, epoch milliseconds. */
  exp: number;
  jti: string;
}

export class TicketInvalidError extends Error {
  constructor(readonly reason: 'malformed' | 'signature' | 'kind' | 'expired') {
    super(`ticket ${reason}`);
    this.name = 'TicketInvalidError';
  }
}

const b64 = (data: Buffer | string) => Buffer.from(data).toString('base64url');

export class TicketSigner {
  private readonly key: Buffer;

  constructor(secret: string, private readonly clock: Clock = systemClock) {
    if (secret.length < 32) throw new Error('A ticket secret needs at least 32 characters');
    this.key = Buffer.from(secret, 'utf8');
  }

  private sign(kind: TicketKind, payload: string): Buffer {
    return createHmac('sha256', this.key).update(`${kind}.${payload}`).digest();
  }

  issue(kind: TicketKind, claims: TicketClaims, ttlSeconds: number): { ticket: string; expiresAt: Date } {
    const expiresAt = new Date(this.clock.now().getTime() + ttlSeconds * 1000);
    const body: VerifiedTicket = { ...claims, kind, exp: expiresAt.getTime(), jti: randomToken(9) };
    const payload = b64(JSON.stringify(body));
    return { ticket: `${payload}.${b64(this.sign(kind, payload))}`, expiresAt };
  }

  /** The ticket's claims; throws TicketInvalidError (callers answer 401 with their spec code). */
  verify(kind: TicketKind, ticket: unknown): VerifiedTicket {
    if (typeof ticket !== 'string' || ticket.length > 4096) throw new TicketInvalidError('malformed');
    const [payload, signature, extra] = ticket.split('.');
    if (!payload || !signature || extra !== undefined) throw new TicketInvalidError('malformed');
    const expected = this.sign(kind, payload);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new TicketInvalidError('signature');
    let body: VerifiedTicket;
    try {
      body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as VerifiedTicket;
    } catch {
      throw new TicketInvalidError('malformed');
    }
    if (body.kind !== kind) throw new TicketInvalidError('kind');
    if (typeof body.exp !== 'number' || body.exp <= this.clock.now().getTime()) throw new TicketInvalidError('expired');
    return body;
  }
}
