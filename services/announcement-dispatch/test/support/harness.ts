import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { execFileSync } from 'node:child_process';
import { apiClient, createTestEnv, eventPublisher, startTestS3, type ApiClient, type EventPublisher, type TestEnv, type TestS3 } from '@storecast/service-kit/testing';
import { ManualClock, newId } from '@storecast/service-kit';
import { sql } from 'drizzle-orm';
import { loadAnnouncementDispatchConfig } from '../../src/config';
import { start, type AnnouncementDispatchDeps, type StartedAnnouncementDispatch } from '../../src/server';
import { PeersDouble } from './peers.double';

/** 2026-03-10 09:00:00 KST (00:00 UTC): a Tuesday morning. */
export const T0 = new Date('2026-03-10T00:00:00.000Z');

export interface Harness {
  env: TestEnv;
  s3: TestS3;
  peers: PeersDouble;
  clock: ManualClock;
  service: StartedAnnouncementDispatch;
  api: ApiClient;
  hqId: string;
  hqToken: string;
  hqAccountId: string;
  tokenForHq(hqId: string, accountId?: string): string;
  storeToken(storeId: string): string;
  operatorToken(): string;
  /** Another instance of the service on the same database (a second replica). */
  startReplica(): Promise<StartedAnnouncementDispatch>;
  outbox(type?: string): Promise<Array<{ routingKey: string; payload: Record<string, unknown> }>>;
  /**
   * Publishes an event on the test exchange the way a peer's outbox relay does (occurredAt: the
   * test clock; pass `id` to publish the same message again, as a redelivery). Returns the message id.
   */
  publish: EventPublisher['publish'];
  /** True once a consumer of the service has committed the handling of that message id. */
  handled(messageId: string): Promise<boolean>;
  dispatchRow(id: string): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
}

export const startHarness = async (options: { env?: Record<string, string>; deps?: Partial<AnnouncementDispatchDeps> } = {}): Promise<Harness> => {
  const env = await createTestEnv('announcement-dispatch');
  const s3 = await startTestS3();
  const peers = new PeersDouble();
  const address = await peers.start();
  const clock = new ManualClock(T0);
  const config = () =>
    loadAnnouncementDispatchConfig(
      env.env({ ...s3.env, ORGANIZATION_GRPC_ADDR: address, IDENTITY_GRPC_ADDR: address, SCHEDULER_ENABLED: 'false', GRPC_DEADLINE_MS: '2000', ...options.env }),
    );
  const service = await start(config(), { clock, ...options.deps });
  const replicas: StartedAnnouncementDispatch[] = [];
  const publisher = await eventPublisher(env);
  const hqId = newId();
  const hqAccountId = newId();
  peers.accounts.set(hqAccountId, 'manager@hq.example');
  const tokenForHq = (id: string, accountId = newId()) => env.sign({ role: 'HQ_MANAGER', hqId: id, sub: accountId });
  return {
    env,
    s3,
    peers,
    clock,
    service,
    api: apiClient(service.httpUrl, service.api),
    hqId,
    hqAccountId,
    hqToken: tokenForHq(hqId, hqAccountId),
    tokenForHq,
    storeToken: (storeId) => env.sign({ role: 'STORE_MANAGER', storeId, hqId }),
    operatorToken: () => env.sign({ role: 'OPERATOR' }),
    async startReplica() {
      const replica = await start(config(), { clock, ...options.deps });
      replicas.push(replica);
      return replica;
    },
    async outbox(type) {
      const res = await service.runtime.db.execute(sql`select routing_key, payload from outbox order by created_at, id`);
      return (res.rows as Array<{ routing_key: string; payload: Record<string, unknown> }>)
        .map((r) => ({ routingKey: r.routing_key, payload: (r.payload.data ?? r.payload) as Record<string, unknown> }))
        .filter((r) => !type || r.routingKey === type);
    },
    publish: (type, data, options) => publisher.publish(type, data, { occurredAt: clock.now(), ...options }),
    async handled(messageId) {
      const res = await service.runtime.db.execute(sql`select 1 from processed_messages where message_id = ${messageId}`);
      return res.rows.length > 0;
    },
    async dispatchRow(id) {
      const res = await service.runtime.db.execute(sql`select * from dispatches where id = ${id}`);
      return res.rows[0] as Record<string, unknown>;
    },
    async stop() {
      await publisher.close();
      for (const r of replicas) await r.stop();
      await service.stop();
      await peers.stop();
      await s3.close();
      await env.cleanup();
    },
  };
};

/** Real MP3 bytes (lame encoding a tone, one second unless told) for vendor doubles and uploads. */
export const sampleMp3 = (seconds = 1): Buffer => {
  const rate = 22050;
  const samples = Math.round(rate * seconds);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) wav.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  return execFileSync('lame', ['--quiet', '-b', '64', '-', '-'], { input: wav });
};

const ebml = (id: number[], data: Buffer) => Buffer.concat([Buffer.from(id), Buffer.from([0x80 | data.length]), data]);

/** A WebM (Matroska, DocType webm) header as browsers' MediaRecorder writes it, then filler. */
export const sampleWebm = (): Buffer => {
  const header = Buffer.concat([ebml([0x42, 0x86], Buffer.from([1])), ebml([0x42, 0x82], Buffer.from('webm')), ebml([0x42, 0x87], Buffer.from([4]))]);
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | header.length]), header, Buffer.alloc(2000, 1)]);
};

/** An ISO media file start (ftyp box) with the brand: 'M4A ' (audio/mp4) or 'mp42' (Safari's recordings). */
export const sampleMp4 = (brand = 'M4A '): Buffer => {
  const box = Buffer.alloc(24);
  box.writeUInt32BE(24, 0);
  box.write('ftyp', 4);
  box.write(brand, 8);
  box.write('isommp42', 16);
  return Buffer.concat([box, Buffer.alloc(2000, 1)]);
};

export const sampleWav = (): Buffer => {
  const wav = Buffer.alloc(2000);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(1992, 4);
  wav.write('WAVE', 8);
  wav.write('fmt ', 12);
  return wav;
};

export const fileForm = (bytes: Uint8Array, name = 'file.bin', type = 'application/octet-stream'): FormData => {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  return form;
};

/** An HTTP speech vendor double: answers with `respond` and records what it received. */
export const startVendorDouble = async (respond: (req: { auth?: string; body: unknown }) => { status: number; body: Buffer }) => {
  const received: Array<{ auth?: string; body: unknown }> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const call = { auth: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString() || 'null') };
      received.push(call);
      const out = respond(call);
      res.writeHead(out.status, { 'content-type': 'audio/mpeg' });
      res.end(out.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/synthesize`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
};

export const announcementBody = (over: Record<string, unknown> = {}) => ({ title: '오픈 안내', text: '안녕하세요 고객님, 매장 오픈 시간입니다.', voice: 'SHEAN', ...over });
