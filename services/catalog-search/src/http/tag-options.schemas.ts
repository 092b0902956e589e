import { z } from 'zod';
import { uuidSchema } from '@storecast/service-kit';
import type { TagOptionRow } from '../app/models';
import { TAG_TYPES } from '../domain/enums';
import { iso, nameText, timestamp } from './common.schemas';

export const TagOptionSchema = z
  .object({
    id: uuidSchema(),
    type: z.enum(TAG_TYPES),
    value: z.string(),
    sortOrder: z.number().int(),
    active: z.boolean(),
    createdAt: timestamp(),
    updatedAt: timestamp(),
  })
  .openapi('MusicTagOption');

export const TagOptionListResponseSchema = z.object({ items: z.array(TagOptionSchema) }).openapi('MusicTagOptionListResponse');

const sortOrder = z.number().int().min(-1_000_000).max(1_000_000);

export const CreateTagOptionRequestSchema = z
  .strictObject({ type: z.enum(TAG_TYPES), value: nameText(50), sortOrder: sortOrder.default(0) })
  .openapi('CreateMusicTagOptionRequest');

/** type is immutable: sending it is a validation error (unknown key). */
export const UpdateTagOptionRequestSchema = z
  .strictObject({ value: nameText(50).optional(), sortOrder: sortOrder.optional(), active: z.boolean().optional() })
  .openapi('UpdateMusicTagOptionRequest');

export const toTagOption = (o: TagOptionRow): z.input<typeof TagOptionSchema> => ({
  id: o.id,
  type: o.type,
  value: o.value,
  sortOrder: o.sortOrder,
  active: o.deactivatedAt === null,
  createdAt: iso(o.createdAt),
  updatedAt: iso(o.updatedAt),
});
