import type { Router } from 'express';
import type { ServiceApi } from '@storecast/service-kit';
import type { CatalogContext } from '../app/ports';
import { createTagOption, deactivateTagOption, listTagOptions, updateTagOption } from '../app/tag-options.use-case';
import { CreateTagOptionRequestSchema, TagOptionListResponseSchema, TagOptionSchema, toTagOption, UpdateTagOptionRequestSchema } from './tag-options.schemas';

const OPERATOR = { roles: ['OPERATOR'] } as const;
const tags = ['Music tag options'];

export const tagOptionRoutes = (api: ServiceApi, router: Router, ctx: CatalogContext) => {
  api.define(router, {
    method: 'get',
    path: '/api/v1/admin/tags',
    operationId: 'listMusicTagOptions',
    summary: 'Every GENRE and MOOD option, inactive included (sortOrder asc, value asc; unpaged)',
    tags,
    auth: OPERATOR,
    response: { status: 200, description: 'The options', schema: TagOptionListResponseSchema },
    handler: async () => ({ items: (await listTagOptions(ctx)).map(toTagOption) }),
  });

  api.define(router, {
    method: 'post',
    path: '/api/v1/admin/tags',
    operationId: 'createMusicTagOption',
    summary: 'Create a tag option ((type, value) unique)',
    tags,
    auth: OPERATOR,
    body: CreateTagOptionRequestSchema,
    response: { status: 201, description: 'The option', schema: TagOptionSchema },
    errors: { 409: ['MUSIC_TAG_OPTION_DUPLICATE'] },
    handler: async ({ body }) => toTagOption(await createTagOption(ctx, body)),
  });

  api.define(router, {
    method: 'patch',
    path: '/api/v1/admin/tags/{id}',
    operationId: 'updateMusicTagOption',
    summary: 'Change value, sortOrder or active (the type is immutable)',
    tags,
    auth: OPERATOR,
    body: UpdateTagOptionRequestSchema,
    response: { status: 200, description: 'The option', schema: TagOptionSchema },
    errors: { 404: ['MUSIC_TAG_OPTION_NOT_FOUND'], 409: ['MUSIC_TAG_OPTION_DUPLICATE'] },
    handler: async ({ params, body }) => toTagOption(await updateTagOption(ctx, params.id, body)),
  });

  api.define(router, {
    method: 'delete',
    path: '/api/v1/admin/tags/{id}',
    operationId: 'deleteMusicTagOption',
    summary: 'Deactivate a tag option (idempotent; it stays on the music it tags)',
    tags,
    auth: OPERATOR,
    response: { status: 204, description: 'Deactivated' },
    errors: { 404: ['MUSIC_TAG_OPTION_NOT_FOUND'] },
    handler: async ({ params }) => {
      await deactivateTagOption(ctx, params.id);
    },
  });
};
