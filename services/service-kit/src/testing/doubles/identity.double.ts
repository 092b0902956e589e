import * as grpc from '@grpc/grpc-js';
import { identityProto, type AccountServiceHandlers, type IdentityServiceHandlers } from '@storecast/proto';
import { conflict, notFound, unauthorized } from '../../errors';
import { startGrpcServer, unaryHandler, type RunningGrpcServer } from '../../grpc';
import { newId } from '../../ids';

type RequestOf<H> = H extends grpc.handleUnaryCall<infer Req, infer _Res> ? Req : never;
export type CreateManagerAccountCall = RequestOf<AccountServiceHandlers['CreateManagerAccount']>;

/** An account as the double holds it (identity's Account message plus what tests inspect). */
export interface DoubleAccount {
  id: string;
  email: string;
  name: string | null;
  role: string;
  status: 'ACTIVE' | 'SUSPENDED' | 'WITHDRAWN';
  hqId: string | null;
  storeId: string | null;
  /** The temporary password the caller gave, or 'generated-by-identity'. */
  tempPassword: string | null;
  passwordMustChange: boolean;
  lastLoginAt: string | null;
  createdAt: string;
}

/**
 * A contract double of identity at the gRPC boundary for component tests of its callers:
 * AccountService (CreateManagerAccount, SendSetupEmail, WithdrawAccount, ListManagerAccounts)
 * and IdentityService.GetAccount, over one in-test account table. It answers like identity:
 * emails are normalized and unique among accounts that are not withdrawn (ALREADY_EXISTS
 * DUPLICATE_EMAIL), unknown ids are NOT_FOUND ACCOUNT_NOT_FOUND, lists are ordered created_at
 * asc, id asc. Like identity (decision 0008), every AccountService call must carry the caller's
 * token in metadata (else UNAUTHENTICATED AUTH_TOKEN_INVALID); the double does not verify it but
 * records it. Every call is recorded so tests can check what the caller asked for.
 * `unavailable = true` answers every call UNAVAILABLE, like an unreachable identity.
 *
 *   const identity = new IdentityDouble();
 *   const address = await identity.start();   // IDENTITY_GRPC_ADDR
 *   identity.seed({ email: 'taken@example.com', role: 'STORE_MANAGER' });
 */
export class IdentityDouble {
  unavailable = false;
  readonly accounts = new Map<string, DoubleAccount>();
  readonly createCalls: CreateManagerAccountCall[] = [];
  readonly withdrawCalls: Array<{ accountId: string; reason: string }> = [];
  /** Account ids SendSetupEmail was called for, in call order. */
  readonly setupEmailCalls: string[] = [];
  /** Emails whose setup mail is not delivered (delivered=false). */
  readonly undeliverable = new Set<string>();
  /** The caller token each AccountService call carried, in call order (method and token). */
  readonly callerTokens: Array<{ method: string; token: string }> = [];
  /** Emails whose SendSetupEmail fails with a gRPC error (INTERNAL). */
  readonly setupEmailErrors = new Set<string>();
  private tick = 0;
  private server?: RunningGrpcServer;

  /** Host:port of the running double. */
  get address(): string {
    if (!this.server) throw new Error('The identity double is not started');
    return `127.0.0.1:${this.server.port}`;
  }

  byEmail(email: string): DoubleAccount | undefined {
    return [...this.accounts.values()].find((a) => a.email === email);
  }

  /**
   * An account that exists in identity already (created elsewhere). createdAt defaults to a
   * strictly increasing time from 2026-01-01, so the creation order is the list order.
   */
  seed(partial: Partial<DoubleAccount> & { email: string; role: string }): DoubleAccount {
    const account: DoubleAccount = {
      id: newId(),
      name: null,
      status: 'ACTIVE',
      hqId: null,
      storeId: null,
      tempPassword: null,
      passwordMustChange: true,
      lastLoginAt: null,
      createdAt: new Date(Date.UTC(2026, 0, 1) + this.tick++ * 1000).toISOString(),
      ...partial,
    };
    this.accounts.set(account.id, account);
    return account;
  }

  private message(a: DoubleAccount) {
    return {
      id: a.id,
      email: a.email,
      name: a.name ?? undefined,
      role: a.role,
      status: a.status,
      hqId: a.hqId ?? undefined,
      storeId: a.storeId ?? undefined,
      passwordMustChange: a.passwordMustChange,
      lastLoginAt: a.lastLoginAt ?? undefined,
      createdAt: a.createdAt,
    };
  }

  private accountOf(id: string): DoubleAccount {
    const account = this.accounts.get(id);
    if (!account) throw notFound('ACCOUNT_NOT_FOUND', 'Account not found');
    return account;
  }

  /** The bearer token of a call's metadata, as identity's callerOf reads it; none → AUTH_TOKEN_INVALID. */
  private callerToken(method: string, call: { metadata: grpc.Metadata }): string {
    const [scheme, token] = String(call.metadata.get('authorization')[0] ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw unauthorized('AUTH_TOKEN_INVALID', 'The call carries no caller token');
    this.callerTokens.push({ method, token });
    return token;
  }

  readonly accountService: AccountServiceHandlers = {
    CreateManagerAccount: unaryHandler(async (req, call) => {
      this.callerToken('CreateManagerAccount', call);
      this.createCalls.push(req);
      const email = req.email.trim().toLowerCase();
      if ([...this.accounts.values()].some((a) => a.email === email && a.status !== 'WITHDRAWN')) {
        throw conflict('DUPLICATE_EMAIL', 'The email is already in use');
      }
      const account = this.seed({
        email,
        role: req.role,
        name: req.name ?? null,
        hqId: req.hqId || null,
        storeId: req.storeId ?? null,
        tempPassword: req.tempPassword ?? 'generated-by-identity',
      });
      return { accountId: account.id, email };
    }),
    SendSetupEmail: unaryHandler(async (req, call) => {
      this.callerToken('SendSetupEmail', call);
      this.setupEmailCalls.push(req.accountId);
      const account = this.accountOf(req.accountId);
      if (this.setupEmailErrors.has(account.email)) throw new Error('mail vendor failed');
      return { delivered: !this.undeliverable.has(account.email) };
    }),
    WithdrawAccount: unaryHandler(async (req, call) => {
      this.callerToken('WithdrawAccount', call);
      this.withdrawCalls.push({ accountId: req.accountId, reason: req.reason });
      this.accountOf(req.accountId).status = 'WITHDRAWN';
      return {};
    }),
    ListManagerAccounts: unaryHandler(async (req, call) => {
      this.callerToken('ListManagerAccounts', call);
      const accounts = [...this.accounts.values()]
        .filter((a) => a.role === req.role)
        .filter((a) => (req.storeIds.length ? req.storeIds.includes(a.storeId ?? '') : true))
        .filter((a) => (req.hqIds.length ? req.hqIds.includes(a.hqId ?? '') : true))
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
      return { accounts: accounts.map((a) => this.message(a)) };
    }),
  };

  /** IdentityService with GetAccount only (GetPublicKeys answers UNIMPLEMENTED). */
  readonly identityService: Pick<IdentityServiceHandlers, 'GetAccount'> = {
    GetAccount: unaryHandler(async (req) => this.message(this.accountOf(req.id))),
  };

  /** The handlers, answering UNAVAILABLE while `unavailable` is set. */
  private reachable<H extends object>(handlers: H): H {
    return Object.fromEntries(
      Object.entries(handlers).map(([name, handler]: [string, grpc.handleUnaryCall<unknown, unknown>]) => [
        name,
        ((call, callback) => {
          if (this.unavailable) callback({ code: grpc.status.UNAVAILABLE, details: 'identity double is down', metadata: new grpc.Metadata() }, null);
          else handler(call, callback);
        }) satisfies grpc.handleUnaryCall<unknown, unknown>,
      ]),
    ) as H;
  }

  /** Starts a gRPC server with both services on a free port; returns its address. */
  async start(): Promise<string> {
    this.server = await startGrpcServer(
      0,
      [
        { definition: identityProto().AccountService.service, implementation: this.reachable(this.accountService) },
        { definition: identityProto().IdentityService.service, implementation: this.reachable(this.identityService) },
      ],
      '127.0.0.1',
    );
    return this.address;
  }

  /** Stops the server: callers now see identity as unreachable (503 SERVICE_UNAVAILABLE). */
  async stop(): Promise<void> {
    await this.server?.close();
  }
}
