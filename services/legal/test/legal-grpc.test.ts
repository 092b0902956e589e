import { grpc, newId } from '@storecast/service-kit';
import { grpcFailure, minutes, startHarness, T0, type Harness } from './harness';

interface Flags {
  termsRequiresAgreement: boolean;
  privacyRequiresAgreement: boolean;
}

describe('LegalService over gRPC (for identity)', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  });

  afterAll(async () => {
    await h.stop();
  });

  beforeEach(async () => {
    await h.sql('truncate legal_documents, consent_records, audit_records, outbox cascade');
    h.clock.set(T0);
  });

  const status = (req: Record<string, unknown>) => h.call<Record<string, unknown>, Flags>('getAgreementStatus', { accountId: newId(), ...req });
  const record = (req: Record<string, unknown>) => h.call<Record<string, unknown>, Record<string, never>>('recordConsent', { accountId: newId(), ...req });
  const agreeHttp = (kind: 'terms' | 'privacy', hqId: string, version: string) => {
    const accountId = h.addAccount({ role: 'HQ_MANAGER', hqId, name: 'Manager' });
    return h.api('POST', `/api/v1/legal/${kind}/agree`, { token: h.sign({ sub: accountId, role: 'HQ_MANAGER', hqId }), body: { version } });
  };

  describe('GetActiveVersions', () => {
    it('answers no versions while nothing is published', async () => {
      expect(await h.call('getActiveVersions', {})).toEqual({});
    });

    it('answers the versions in effect now, not scheduled ones', async () => {
      await h.publish('terms', 't1');
      await h.publish('privacy-policy', 'p1');
      await h.publish('privacy-policy', 'p2', new Date(T0.getTime() + minutes(2)));
      expect(await h.call('getActiveVersions', {})).toEqual({ termsVersion: 't1', privacyPolicyVersion: 'p1' });
      h.clock.advance(minutes(2));
      expect(await h.call('getActiveVersions', {})).toEqual({ termsVersion: 't1', privacyPolicyVersion: 'p2' });
    });
  });

  describe('GetAgreementStatus', () => {
    it('nothing published requires no agreement', async () => {
      expect(await status({ role: 'HQ_MANAGER', hqId: newId() })).toEqual({ termsRequiresAgreement: false, privacyRequiresAgreement: false });
    });

    it('an OPERATOR never requires agreement, even with documents published', async () => {
      await h.publish('terms', 't1');
      await h.publish('privacy-policy', 'p1');
      expect(await status({ role: 'OPERATOR' })).toEqual({ termsRequiresAgreement: false, privacyRequiresAgreement: false });
    });

    it('the gate flips on when a new version is published and back off after agreeing to it', async () => {
      const hqId = newId();
      await h.publish('terms', 't1');
      expect(await status({ role: 'HQ_MANAGER', hqId })).toEqual({ termsRequiresAgreement: true, privacyRequiresAgreement: false });

      expect((await agreeHttp('terms', hqId, 't1')).status).toBe(204);
      expect(await status({ role: 'HQ_MANAGER', hqId })).toEqual({ termsRequiresAgreement: false, privacyRequiresAgreement: false });

      h.clock.advance(minutes(1));
      await h.publish('terms', 't2');
      await h.publish('privacy-policy', 'p1');
      expect(await status({ role: 'HQ_MANAGER', hqId })).toEqual({ termsRequiresAgreement: true, privacyRequiresAgreement: true });

      await agreeHttp('terms', hqId, 't2');
      expect(await status({ role: 'HQ_MANAGER', hqId })).toEqual({ termsRequiresAgreement: false, privacyRequiresAgreement: true });
      await agreeHttp('privacy', hqId, 'p1');
      expect(await status({ role: 'HQ_MANAGER', hqId })).toEqual({ termsRequiresAgreement: false, privacyRequiresAgreement: false });
    });

    it('a scheduled version flips the gate purely by time', async () => {
      const hqId = newId();
      await h.publish('terms', 't1');
      await agreeHttp('terms', hqId, 't1');
      await h.publish('terms', 't2', new Date(T0.getTime() + minutes(90)));
      expect((await status({ role: 'HQ_MANAGER', hqId })).termsRequiresAgreement).toBe(false);
      h.clock.advance(minutes(90));
      expect((await status({ role: 'HQ_MANAGER', hqId })).termsRequiresAgreement).toBe(true);
    });

    it('is judged per HQ: every manager of the HQ is cleared by one agreement, another HQ is not', async () => {
      const hqId = newId();
      await h.publish('terms', 't1');
      await agreeHttp('terms', hqId, 't1');
      expect((await status({ role: 'HQ_MANAGER', hqId, accountId: newId() })).termsRequiresAgreement).toBe(false);
      expect((await status({ role: 'HQ_MANAGER', hqId: newId() })).termsRequiresAgreement).toBe(true);
    });

    it('a store manager is judged by its store, not by its HQ', async () => {
      const hqId = newId();
      const storeId = newId();
      await h.publish('terms', 't1');
      await agreeHttp('terms', hqId, 't1');
      expect((await status({ role: 'STORE_MANAGER', hqId, storeId })).termsRequiresAgreement).toBe(true);
      await record({ role: 'STORE_MANAGER', hqId, storeId, termsVersion: 't1' });
      expect((await status({ role: 'STORE_MANAGER', hqId, storeId })).termsRequiresAgreement).toBe(false);
    });

    it.each([
      ['an HQ manager without hq_id', { role: 'HQ_MANAGER' }],
      ['a store manager without store_id', { role: 'STORE_MANAGER', hqId: newId() }],
      ['an unknown role', { role: 'ADMIN' }],
      ['an hq_id that is not a UUID', { role: 'HQ_MANAGER', hqId: 'hq-1' }],
    ])('%s answers INVALID_ARGUMENT with VALIDATION_FAILED', async (_name, req) => {
      expect(await grpcFailure(status(req))).toEqual({ grpcCode: grpc.status.INVALID_ARGUMENT, code: 'VALIDATION_FAILED' });
    });
  });

  describe('RecordConsent (setup completion)', () => {
    it('records both current versions for the subject with ip, user agent and signer name', async () => {
      await h.publish('terms', 't1');
      await h.publish('privacy-policy', 'p1');
      const hqId = newId();
      const accountId = newId();
      h.clock.advance(1234);
      expect(await record({ accountId, role: 'HQ_MANAGER', hqId, termsVersion: 't1', privacyPolicyVersion: 'p1', ip: '198.51.100.4', userAgent: 'Mozilla/5.0', signerName: 'Kim Minji' })).toEqual({});
      expect(await h.sql('select kind, subject_type, subject_id, document_version, account_id, agreed_at, agreed_ip, agreed_user_agent, signer_name, source from consent_records order by kind')).toEqual([
        { kind: 'PRIVACY_POLICY', subject_type: 'HQ', subject_id: hqId, document_version: 'p1', account_id: accountId, agreed_at: new Date(T0.getTime() + 1234), agreed_ip: '198.51.100.4', agreed_user_agent: 'Mozilla/5.0', signer_name: 'Kim Minji', source: 'SETUP' },
        { kind: 'TERMS', subject_type: 'HQ', subject_id: hqId, document_version: 't1', account_id: accountId, agreed_at: new Date(T0.getTime() + 1234), agreed_ip: '198.51.100.4', agreed_user_agent: 'Mozilla/5.0', signer_name: 'Kim Minji', source: 'SETUP' },
      ]);
      expect(await status({ role: 'HQ_MANAGER', hqId })).toEqual({ termsRequiresAgreement: false, privacyRequiresAgreement: false });
    });

    it('is idempotent per subject and version: a repeat succeeds and keeps the first record', async () => {
      await h.publish('terms', 't1');
      const storeId = newId();
      await record({ role: 'STORE_MANAGER', storeId, termsVersion: 't1', signerName: 'First' });
      h.clock.advance(minutes(1));
      await record({ role: 'STORE_MANAGER', storeId, termsVersion: 't1', signerName: 'Second' });
      expect(await h.sql('select signer_name, agreed_at from consent_records')).toEqual([{ signer_name: 'First', agreed_at: T0 }]);
    });

    it('without a signer name stores null (identity sends the account name)', async () => {
      await h.publish('terms', 't1');
      await record({ role: 'HQ_MANAGER', hqId: newId(), termsVersion: 't1' });
      expect(await h.sql('select signer_name, agreed_ip, agreed_user_agent from consent_records')).toEqual([{ signer_name: null, agreed_ip: null, agreed_user_agent: null }]);
    });

    it('a version that is not current answers INVALID_ARGUMENT with INVALID_LEGAL_VERSION and records neither kind', async () => {
      await h.publish('terms', 't1');
      await h.publish('terms', 't2');
      await h.publish('privacy-policy', 'p1');
      const failure = await grpcFailure(record({ role: 'HQ_MANAGER', hqId: newId(), termsVersion: 't1', privacyPolicyVersion: 'p1' }));
      expect(failure).toEqual({ grpcCode: grpc.status.INVALID_ARGUMENT, code: 'INVALID_LEGAL_VERSION' });
      expect(await h.sql('select id from consent_records')).toEqual([]);
    });

    it('no version while one is published answers INVALID_LEGAL_VERSION', async () => {
      await h.publish('privacy-policy', 'p1');
      expect(await grpcFailure(record({ role: 'HQ_MANAGER', hqId: newId() }))).toEqual({ grpcCode: grpc.status.INVALID_ARGUMENT, code: 'INVALID_LEGAL_VERSION' });
    });

    it('a version while nothing of that kind is published answers INVALID_LEGAL_VERSION', async () => {
      expect(await grpcFailure(record({ role: 'HQ_MANAGER', hqId: newId(), termsVersion: 't1' }))).toEqual({ grpcCode: grpc.status.INVALID_ARGUMENT, code: 'INVALID_LEGAL_VERSION' });
    });

    it('a scheduled version is not current yet', async () => {
      await h.publish('terms', 't1', new Date(T0.getTime() + minutes(5)));
      expect(await grpcFailure(record({ role: 'HQ_MANAGER', hqId: newId(), termsVersion: 't1' }))).toMatchObject({ code: 'INVALID_LEGAL_VERSION' });
    });

    it('with nothing published and no versions there is nothing to record', async () => {
      expect(await record({ role: 'HQ_MANAGER', hqId: newId() })).toEqual({});
      expect(await h.sql('select id from consent_records')).toEqual([]);
    });

    it('for an OPERATOR there is nothing to record', async () => {
      await h.publish('terms', 't1');
      expect(await record({ role: 'OPERATOR', termsVersion: 't1' })).toEqual({});
      expect(await h.sql('select id from consent_records')).toEqual([]);
    });

    it('a NUL in a value identity relays (signer name, user agent) answers INVALID_ARGUMENT VALIDATION_FAILED and records nothing', async () => {
      await h.publish('terms', 't1');
      await h.publish('privacy-policy', 'p1');
      for (const relayed of [{ signerName: 'Kim\u0000' }, { userAgent: 'Mozilla\u0000' }, { accountId: '\u0000' }]) {
        expect(await grpcFailure(record({ role: 'HQ_MANAGER', hqId: newId(), termsVersion: 't1', privacyPolicyVersion: 'p1', ...relayed }))).toEqual({
          grpcCode: grpc.status.INVALID_ARGUMENT,
          code: 'VALIDATION_FAILED',
        });
      }
      expect(await h.sql('select count(*)::int as n from consent_records')).toEqual([{ n: 0 }]);
    });

    it('a store manager without store_id answers INVALID_ARGUMENT with VALIDATION_FAILED', async () => {
      await h.publish('terms', 't1');
      expect(await grpcFailure(record({ role: 'STORE_MANAGER', termsVersion: 't1' }))).toEqual({ grpcCode: grpc.status.INVALID_ARGUMENT, code: 'VALIDATION_FAILED' });
    });
  });
});
