import { conflict, newId, notFound } from '@storecast/service-kit';
import { countActiveTemplates, findStoreTemplate, insertTemplate, listStoreTemplates, lockStoreTemplates, updateTemplate } from '../db/broadcast.repository';
import type { BroadcastTemplateRow } from '../db/schema';
import { MAX_ACTIVE_TEMPLATES } from '../domain/broadcast-rules';
import type { TtsVoice } from '../domain/voices';
import type { AppContext } from './ports';

export interface TemplateInput {
  name: string;
  text: string;
  voice: TtsVoice;
}

/** A template as the routes map it. */
export type TemplateView = BroadcastTemplateRow;

export const templateNotFound = () => notFound('BROADCAST_TEMPLATE_NOT_FOUND', 'Broadcast template not found');

export const listTemplates = (ctx: AppContext, storeId: string): Promise<BroadcastTemplateRow[]> => listStoreTemplates(ctx.db, storeId);

/** At most 20 active templates per store (409 BROADCAST_TEMPLATE_LIMIT_EXCEEDED); creates of one store are serialized. */
export const createTemplate = async (ctx: AppContext, storeId: string, input: TemplateInput): Promise<BroadcastTemplateRow> =>
  ctx.db.transaction(async (tx) => {
    await lockStoreTemplates(tx, storeId);
    if ((await countActiveTemplates(tx, storeId)) >= MAX_ACTIVE_TEMPLATES) {
      throw conflict('BROADCAST_TEMPLATE_LIMIT_EXCEEDED', `A store keeps at most ${MAX_ACTIVE_TEMPLATES} broadcast templates`);
    }
    const now = ctx.clock.now();
    return insertTemplate(tx, { id: newId(), storeId, name: input.name, text: input.text, voice: input.voice, createdAt: now, updatedAt: now });
  });

/** Full replace of an active template of the store; updated_at moves only when something changed. */
export const replaceTemplate = async (ctx: AppContext, storeId: string, id: string, input: TemplateInput): Promise<BroadcastTemplateRow> =>
  ctx.db.transaction(async (tx) => {
    const current = await findStoreTemplate(tx, storeId, id, true);
    if (!current) throw templateNotFound();
    const changed = current.name !== input.name || current.text !== input.text || current.voice !== input.voice;
    if (!changed) return current;
    return (await updateTemplate(tx, storeId, id, { ...input, updatedAt: ctx.clock.now() }))!;
  });

/** Soft delete; a deleted, foreign or unknown template → 404. */
export const deleteTemplate = async (ctx: AppContext, storeId: string, id: string): Promise<void> => {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction((tx) => updateTemplate(tx, storeId, id, { deletedAt: now, updatedAt: now }));
  if (!row) throw templateNotFound();
};
