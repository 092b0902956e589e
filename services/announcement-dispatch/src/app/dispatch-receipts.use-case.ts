import { acksOfDispatches, batchOfHqDispatch } from '../db/dispatch.repository';
import type { DispatchRow } from '../db/schema';
import { ackPerDevice, ackTiming, isLate, LATE_AFTER_MS, receiptOrder, tally, type AckTiming, type DeliveryTally } from '../domain/delivery';
import type { MissedReason } from '../domain/dispatch-rules';
import { dispatchNotFound } from './hq-dispatches.use-case';
import type { AppContext } from './ports';

export interface DeviceReceipt extends AckTiming {
  deviceId: string | null;
  deviceLabel: string | null;
  outcome: string;
}

export interface StoreReceipt {
  dispatchId: string;
  storeId: string;
  storeName: string | null;
  status: DispatchRow['status'];
  missedReason: MissedReason | null;
  dueAt: Date;
  playedAt: Date | null;
  receivedLagMs: number | null;
  startedLagMs: number | null;
  late: boolean;
  devices: DeviceReceipt[];
}

export interface DispatchReceipts {
  announcementId: string;
  title: string;
  createdAt: Date;
  dueAt: Date;
  lateAfterMs: number;
  summary: DeliveryTally & { played: number };
  items: StoreReceipt[];
}

/**
 * How one dispatch call reached its stores: every row of the batch the given row belongs to, each
 * with the acks of its devices (one per device) and its lags against due, the store-level ones from
 * the ack that made it PLAYED. Another HQ's row, a store broadcast's or a missing one is 404
 * DISPATCH_NOT_FOUND. Store names come from organization (503 when unreachable, as in the history);
 * device labels are best effort (null when not resolved).
 */
export const getDispatchReceipts = async (ctx: AppContext, hqId: string, dispatchId: string): Promise<DispatchReceipts> => {
  const batch = await batchOfHqDispatch(ctx.db, hqId, dispatchId);
  if (!batch) throw dispatchNotFound();
  const { rows, title } = batch;
  const acks = await acksOfDispatches(
    ctx.db,
    rows.map((r) => r.id),
  );
  const storeOfRow = new Map(rows.map((r) => [r.id, r.storeId]));
  const storesWithDeviceAcks = [...new Set(acks.filter((a) => a.deviceId !== null).map((a) => storeOfRow.get(a.dispatchId)!))];
  const [stores, labels] = await Promise.all([
    ctx.organization.storesOfHq(hqId, { storeIds: [...new Set(rows.map((r) => r.storeId))] }),
    storesWithDeviceAcks.length ? ctx.organization.deviceLabels(storesWithDeviceAcks) : Promise.resolve(new Map<string, string>()),
  ]);
  const names = new Map(stores.map((s) => [s.id, s.name]));
  const acksByRow = new Map<string, typeof acks>();
  for (const a of acks) {
    const list = acksByRow.get(a.dispatchId);
    if (list) list.push(a);
    else acksByRow.set(a.dispatchId, [a]);
  }

  const items = rows.map((row): StoreReceipt => {
    const own = acksByRow.get(row.id) ?? [];
    const playedAck = own.find((a) => a.id === row.playedAckId);
    const played = playedAck ? ackTiming(playedAck, row.dueAt) : undefined;
    // The stored lag, so the row is late here exactly when the delivery summary counts it late.
    const startedLagMs = row.status === 'PLAYED' ? row.startedLagMs : null;
    return {
      dispatchId: row.id,
      storeId: row.storeId,
      storeName: names.get(row.storeId) ?? null,
      status: row.status,
      missedReason: row.missedReason as MissedReason | null,
      dueAt: row.dueAt,
      playedAt: row.playedAt,
      receivedLagMs: row.status === 'PLAYED' ? (played?.receivedLagMs ?? null) : null,
      startedLagMs,
      late: isLate(row.status, startedLagMs),
      devices: ackPerDevice(own, row.playedAckId).map((a) => ({
        deviceId: a.deviceId,
        deviceLabel: a.deviceId ? (labels.get(a.deviceId) ?? null) : null,
        outcome: a.outcome,
        ...ackTiming(a, row.dueAt),
      })),
    };
  });
  items.sort(receiptOrder);
  const first = rows[0]!;
  return {
    announcementId: first.announcementId,
    title,
    createdAt: first.createdAt,
    dueAt: first.dueAt,
    lateAfterMs: LATE_AFTER_MS,
    summary: tally(items),
    items,
  };
};
