import type { Clock, DbExecutor, Logger, ObjectStorage } from '@storecast/service-kit';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';

import type { DispatchSchema } from '../db/schema';
import type { TtsTonePreset, TtsVoice } from '../domain/voices';

export interface SynthesisRequest {
  text: string;
  voice: TtsVoice;
  tonePreset: TtsTonePreset;
  tempo: number;
}

export interface SynthesizedAudio {
  audio: Buffer;
  contentType: 'audio/mpeg';
  /** Measured from the encoded frames. */
  durationSeconds: number;
}

/**
 * Speech synthesis. Throws AppErrors: 503 TTS_TOKEN_NOT_CONFIGURED when the provider is not
 * configured (none, vendor without token, local engine not installed), 502 TTS_SYNTHESIS_FAILED
 * when it fails.
 */
export interface SpeechSynthesizer {
  readonly provider: 'local' | 'vendor' | 'none';
  synthesize(request: SynthesisRequest): Promise<SynthesizedAudio>;
}

export interface StoreRef {
  id: string;
  name: string;
  region: string | null;
}

/** organization: stores of an HQ and devices of a store (503 SERVICE_UNAVAILABLE when unreachable). */
export interface OrganizationPeer {
  /** Non-closed stores of the HQ, all of them or those ids or that region. */
  storesOfHq(hqId: string, filter: { storeIds?: string[]; region?: string }): Promise<StoreRef[]>;
  /** True for an active device of that store. */
  isActiveDevice(storeId: string, deviceId: string): Promise<boolean>;
  activeDeviceIds(storeId: string): Promise<string[]>;
  /**
   * Labels of the active devices of those stores, by device id. Never fails: a store organization
   * does not answer for leaves its devices out (revoked devices have no label either).
   */
  deviceLabels(storeIds: string[]): Promise<Map<string, string>>;
}

/** identity: account emails for history (unknown or unreachable → absent, never an error). */
export interface IdentityPeer {
  emailsOf(accountIds: string[]): Promise<Map<string, string>>;
}

export type Db = NodePgDatabase<DispatchSchema>;
export type Tx = DbExecutor;

/** Limits and lifetimes from the configuration that rules need. */
export interface AppSettings {
  /** How long a store broadcast draft can be sent (then purged unless sent). */
  draftTtlMs: number;
  /** Days a soft-deleted commercial song is kept before the purge. */
  commercialRetentionDays: number;
}

export interface AppContext {
  db: Db;
  settings: AppSettings;
  clock: Clock;
  logger: Logger;
  storage: ObjectStorage;
  tts: SpeechSynthesizer;
  organization: OrganizationPeer;
  identity: IdentityPeer;
}
