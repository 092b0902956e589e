import * as grpc from '@grpc/grpc-js';
import { legalProto, type LegalServiceHandlers } from '@storecast/proto';
import { badRequest } from '../../errors';
import { startGrpcServer, unaryHandler, type RunningGrpcServer } from '../../grpc';
import { isUuid } from '../../ids';

/** Who a consent belongs to, as legal keeps it: an HQ manager agrees for its HQ, a store manager for its store. */
export type LegalSubject = { hqId: string } | { storeId: string };

export interface AgreedVersions {
  terms?: string | null;
  privacyPolicy?: string | null;
}

/** A call the double received (method as in the proto, request as decoded). */
export interface DoubleCall {
  method: string;
  request: unknown;
}

/** What RecordConsent accepted, as the caller sent it (for assertions on ip, user agent, signer). */
export interface RecordedConsent {
  accountId: string;
  role: string;
  hqId?: string;
  storeId?: string;
  termsVersion?: string;
  privacyPolicyVersion?: string;
  ip?: string;
  userAgent?: string;
  signerName?: string;
}

const present = (v: string | null | undefined): v is string => typeof v === 'string' && v.length > 0;
const subjectKey = (s: LegalSubject) => ('hqId' in s ? `HQ:${s.hqId}` : `STORE:${s.storeId}`);

/**
 * Contract double of LegalService (proto/storecast/legal/v1/legal.proto) for component tests of
 * its callers: a real gRPC server answering from an in-memory table the test sets, the way legal
 * answers.
 * - The current versions (`setActiveVersions`; null = nothing published) and, per HQ or store,
 *   the versions agreed to (`setAgreed`, or a successful RecordConsent).
 * - GetAgreementStatus: OPERATOR false/false; HQ_MANAGER judged by its HQ, STORE_MANAGER by its
 *   store (a flag is true when a version is current and differs from the agreed one); a manager
 *   without its HQ / store or an unknown role → INVALID_ARGUMENT VALIDATION_FAILED.
 * - GetActiveVersions: the fields of the published kinds only.
 * - RecordConsent: each version must equal the current one (none when nothing is published), else
 *   INVALID_ARGUMENT INVALID_LEGAL_VERSION and nothing recorded; OPERATOR records nothing.
 * `unavailable = true` answers every call UNAVAILABLE, like an unreachable peer; `calls` lists
 * what was asked.
 */
export class LegalDouble {
  unavailable = false;
  readonly calls: DoubleCall[] = [];
  readonly consents: RecordedConsent[] = [];
  private active: { terms: string | null; privacyPolicy: string | null } = { terms: null, privacyPolicy: null };
  private readonly agreed = new Map<string, { terms: string | null; privacyPolicy: string | null }>();
  private server?: RunningGrpcServer;

  /** Publishes (or, with null, unpublishes) the current versions; omitted kinds stay as they are. */
  setActiveVersions(versions: AgreedVersions): void {
    this.active = {
      terms: versions.terms === undefined ? this.active.terms : versions.terms,
      privacyPolicy: versions.privacyPolicy === undefined ? this.active.privacyPolicy : versions.privacyPolicy,
    };
  }

  /** The versions an HQ or a store last agreed to (omitted kinds stay as they are). */
  setAgreed(subject: LegalSubject, versions: AgreedVersions): void {
    const current = this.agreed.get(subjectKey(subject)) ?? { terms: null, privacyPolicy: null };
    this.agreed.set(subjectKey(subject), {
      terms: versions.terms === undefined ? current.terms : versions.terms,
      privacyPolicy: versions.privacyPolicy === undefined ? current.privacyPolicy : versions.privacyPolicy,
    });
  }

  /** Back to nothing published, nothing agreed, reachable, no calls. */
  reset(): void {
    this.unavailable = false;
    this.active = { terms: null, privacyPolicy: null };
    this.agreed.clear();
    this.calls.length = 0;
    this.consents.length = 0;
  }

  /** The subject of a caller's account, as legal resolves it (undefined: OPERATOR, no agreement). */
  private subjectOf(req: { role: string; hqId?: string; storeId?: string }): LegalSubject | undefined {
    const invalid = (field: string, message: string) =>
      badRequest('VALIDATION_FAILED', message, { details: [{ field, code: 'INVALID', message }] });
    switch (req.role) {
      case 'OPERATOR':
        return undefined;
      case 'HQ_MANAGER':
        if (!present(req.hqId) || !isUuid(req.hqId)) throw invalid('hqId', 'An HQ manager needs its HQ');
        return { hqId: req.hqId };
      case 'STORE_MANAGER':
        if (!present(req.storeId) || !isUuid(req.storeId)) throw invalid('storeId', 'A store manager needs its store');
        return { storeId: req.storeId };
      default:
        throw invalid('role', 'Role must be OPERATOR, HQ_MANAGER or STORE_MANAGER');
    }
  }

  private handler<Req, Res>(method: string, impl: (req: Req) => Promise<Res> | Res): grpc.handleUnaryCall<Req, Res> {
    const inner = unaryHandler<Req, Res>(async (req) => impl(req));
    return (call, callback) => {
      this.calls.push({ method, request: call.request });
      if (this.unavailable) {
        callback({ code: grpc.status.UNAVAILABLE, details: 'legal double is down', metadata: new grpc.Metadata() }, null);
        return;
      }
      inner(call, callback);
    };
  }

  /** Starts the server on a free local port; answers its address (host:port) for the caller's config. */
  async start(): Promise<string> {
    const handlers: LegalServiceHandlers = {
      GetAgreementStatus: this.handler('GetAgreementStatus', (req) => {
        const subject = this.subjectOf(req);
        if (!subject) return { termsRequiresAgreement: false, privacyRequiresAgreement: false };
        const agreed = this.agreed.get(subjectKey(subject)) ?? { terms: null, privacyPolicy: null };
        return {
          termsRequiresAgreement: this.active.terms !== null && this.active.terms !== agreed.terms,
          privacyRequiresAgreement: this.active.privacyPolicy !== null && this.active.privacyPolicy !== agreed.privacyPolicy,
        };
      }),
      GetActiveVersions: this.handler('GetActiveVersions', () => ({
        ...(this.active.terms !== null ? { termsVersion: this.active.terms } : {}),
        ...(this.active.privacyPolicy !== null ? { privacyPolicyVersion: this.active.privacyPolicy } : {}),
      })),
      RecordConsent: this.handler('RecordConsent', (req) => {
        const subject = this.subjectOf(req);
        if (!subject) return {};
        if (!present(req.accountId)) {
          throw badRequest('VALIDATION_FAILED', 'accountId is required', { details: [{ field: 'accountId', code: 'REQUIRED', message: 'Required' }] });
        }
        const given = { terms: present(req.termsVersion) ? req.termsVersion : null, privacyPolicy: present(req.privacyPolicyVersion) ? req.privacyPolicyVersion : null };
        for (const kind of ['terms', 'privacyPolicy'] as const) {
          if (given[kind] !== this.active[kind]) {
            throw badRequest('INVALID_LEGAL_VERSION', `The ${kind === 'terms' ? 'terms' : 'privacy policy'} version must be the current one`);
          }
        }
        this.setAgreed(subject, {
          ...(given.terms !== null ? { terms: given.terms } : {}),
          ...(given.privacyPolicy !== null ? { privacyPolicy: given.privacyPolicy } : {}),
        });
        const fields = ['hqId', 'storeId', 'termsVersion', 'privacyPolicyVersion', 'ip', 'userAgent', 'signerName'] as const;
        this.consents.push({
          accountId: req.accountId,
          role: req.role,
          ...Object.fromEntries(fields.filter((f) => req[f] !== undefined).map((f) => [f, req[f]])),
        });
        return {};
      }),
    };
    this.server = await startGrpcServer(0, [{ definition: legalProto().LegalService.service, implementation: handlers }], '127.0.0.1');
    return `127.0.0.1:${this.server.port}`;
  }

  async stop(): Promise<void> {
    await this.server?.close();
    this.server = undefined;
  }
}
