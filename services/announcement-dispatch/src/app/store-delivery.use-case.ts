import { isUuid, newId } from '@storecast/service-kit';
import { insertAck, latestDeviceOutcomes, lockStoreDispatch, pendingForStore, revokedIdsForStore, updateDispatch } from '../db/dispatch.repository';
import type { AnnouncementRow, DispatchRow } from '../db/schema';
import {
  decideAck,
  rawMeasurement,
  RECENT_PLAYED_MS,
  reportedInstant,
  signalLatencyMs,
  type AckOutcome,
} from '../domain/dispatch-rules';
import { lagMs } from '../domain/delivery';
import { kstDayWindow } from '../domain/kst';
import { presignAudio } from './announcements.use-case';
import { dispatchNotFound } from './hq-dispatches.use-case';
import type { AppContext } from './ports';

/** A device id of the store, or null: unknown, revoked or malformed ids fall back to store level. */
const validDevice = async (ctx: AppContext, storeId: string, deviceId: unknown): Promise<string | null> => {
  if (typeof deviceId !== 'string' || !isUuid(deviceId)) return null;
  return (await ctx.organization.isActiveDevice(storeId, deviceId)) ? deviceId : null;
};

export interface PendingItem {
  dispatch: DispatchRow;
  announcement: AnnouncementRow;
  audioUrl: string;
}

export const listPending = async (ctx: AppContext, storeId: string, deviceId: unknown): Promise<{ items: PendingItem[]; revokedDispatchIds: string[] }> => {
  const device = deviceId === undefined ? null : await validDevice(ctx, storeId, deviceId);
  const now = ctx.clock.now();
  const [rows, revokedDispatchIds] = await Promise.all([
    pendingForStore(ctx.db, storeId, device, new Date(now.getTime() - RECENT_PLAYED_MS)),
    revokedIdsForStore(ctx.db, storeId, kstDayWindow(now)),
  ]);
  const items = await Promise.all(rows.map(async (r) => ({ ...r, audioUrl: await presignAudio(ctx, r.announcement) })));
  return { items, revokedDispatchIds };
};

export interface AckInput {
  outcome?: AckOutcome | null;
  deviceId?: unknown;
  signalSource?: unknown;
  receivedAt?: unknown;
  startedAt?: unknown;
}

/**
 * A player's result for a dispatch (spec 03 § Dispatch status). The row is locked, so of two
 * racing PLAYED acks exactly one makes the transition; the other finds it PLAYED and is answered
 * 204 without change. Every accepted ack is kept with its raw measurement fields.
 */
export const ackDispatch = async (ctx: AppContext, storeId: string, dispatchId: string, input: AckInput): Promise<void> => {
  const outcome: AckOutcome = input.outcome ?? 'PLAYED';
  const device = input.deviceId === undefined || input.deviceId === null ? null : await validDevice(ctx, storeId, input.deviceId);
  // Devices of the store matter only for a device's FAILED/SKIPPED on a store-wide dispatch.
  const activeDevices = device && outcome !== 'PLAYED' ? await ctx.organization.activeDeviceIds(storeId) : undefined;
  await ctx.db.transaction(async (tx) => {
    const row = await lockStoreDispatch(tx, storeId, dispatchId);
    if (!row) throw dispatchNotFound();
    const now = ctx.clock.now();
    const latency = signalLatencyMs({ receivedAt: reportedInstant(input.receivedAt), scheduledAt: row.scheduledAt, createdAt: row.createdAt, serverNow: now });
    let deviceOutcomes: Array<AckOutcome | undefined> | undefined;
    if (device && activeDevices && row.deviceId === null && row.status === 'PENDING') {
      const latest = await latestDeviceOutcomes(tx, row.id);
      latest.set(device, outcome);
      const devices = activeDevices.includes(device) ? activeDevices : [...activeDevices, device];
      deviceOutcomes = devices.map((d) => latest.get(d) as AckOutcome | undefined);
    }
    const decision = decideAck({ status: row.status, failureCount: row.failureCount, outcome, deviceOutcomes });
    if (decision.kind === 'NOT_FOUND') throw dispatchNotFound();
    const ackId = newId();
    await insertAck(tx, {
      id: ackId,
      dispatchId: row.id,
      storeId,
      deviceId: device,
      outcome,
      signalSource: rawMeasurement(input.signalSource),
      receivedAtRaw: rawMeasurement(input.receivedAt),
      startedAtRaw: rawMeasurement(input.startedAt),
      signalLatencyMs: latency,
      createdAt: now,
    });
    switch (decision.kind) {
      case 'PLAYED':
        await updateDispatch(tx, row.id, {
          status: 'PLAYED',
          playedAt: now,
          playedByDeviceId: device,
          playedAckId: ackId,
          signalLatencyMs: latency,
          // Stored so the delivery summary counts late rows in one SQL aggregate.
          startedLagMs: lagMs(rawMeasurement(input.startedAt), row.dueAt, now),
        });
        break;
      case 'MISSED':
        await updateDispatch(tx, row.id, { status: 'MISSED', missedReason: decision.reason, missedAt: now, failureCount: decision.failureCount });
        break;
      case 'KEEP_PENDING':
        if (decision.failureCount !== row.failureCount) await updateDispatch(tx, row.id, { failureCount: decision.failureCount });
        break;
      case 'ALREADY_PLAYED':
        break;
    }
  });
};

