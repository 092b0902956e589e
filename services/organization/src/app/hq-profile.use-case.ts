import { writeAudit, type Principal } from '@storecast/service-kit';
import type { HqRow } from '../db/schema';
import { findHq, storeCountOf, updateHq } from '../db/hq.repository';
import type { AppContext } from './context';
import { errors } from './errors';

export interface HqProfile {
  hq: HqRow;
  storeCount: number;
}

export const getHqProfile = async (ctx: AppContext, hq: HqRow): Promise<HqProfile> => ({ hq, storeCount: await storeCountOf(ctx.db, hq.id) });

type HqSettingsField = 'commercialCycleSongs' | 'duckEnabled' | 'duckVolumePercent' | 'duckFadeMs';

/** Writes changed HQ settings with one audit record (before/after); nothing when nothing changes. */
const updateHqSettings = async (
  ctx: AppContext,
  actor: Principal,
  hqId: string,
  action: string,
  next: Partial<Pick<HqRow, HqSettingsField>>,
): Promise<HqProfile> => {
  const hq = await ctx.db.transaction(async (tx) => {
    const current = await findHq(tx, hqId, 'update');
    if (!current) throw errors.scopeMismatch();
    const changes: Record<string, { before: unknown; after: unknown }> = {};
    for (const [k, v] of Object.entries(next) as Array<[HqSettingsField, number | boolean]>) {
      if (v !== undefined && current[k] !== v) changes[k] = { before: current[k], after: v };
    }
    if (Object.keys(changes).length === 0) return current;
    const row = await updateHq(tx, hqId, { ...next, updatedAt: ctx.clock.now() });
    await writeAudit(tx, actor, { action, targetType: 'HQ', targetId: hqId, targetLabel: current.name, hqId, detail: { changes } }, ctx.clock);
    return row;
  });
  return getHqProfile(ctx, hq);
};

/** PATCH /hq/me: only commercialCycleSongs is settable (spec 03 § HQ profile). */
export const updateHqMe = (ctx: AppContext, actor: Principal, hqId: string, input: { commercialCycleSongs?: number }) =>
  updateHqSettings(ctx, actor, hqId, 'HQ_PROFILE_UPDATED', { commercialCycleSongs: input.commercialCycleSongs });

/** PATCH /hq/me/ducking: the three ducking defaults replaced as a whole. */
export const replaceHqDucking = (
  ctx: AppContext,
  actor: Principal,
  hqId: string,
  input: { duckEnabled: boolean; duckVolumePercent: number; duckFadeMs: number },
) => updateHqSettings(ctx, actor, hqId, 'HQ_DUCKING_UPDATED', input);
