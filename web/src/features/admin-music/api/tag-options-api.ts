import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type components } from '../../../lib/api/client';
import type { TagType } from '../tag-rules';

export type TagOption = components['schemas']['MusicTagOption'];

export const tagOptionKeys = { all: ['admin-music', 'tag-options'] as const };

export const listTagOptions = () => unwrap(api.GET('/api/v1/admin/tags'));
export const createTagOption = (body: { type: TagType; value: string; sortOrder: number }) => unwrap(api.POST('/api/v1/admin/tags', { body }));
export const updateTagOption = (id: string, body: { value?: string; sortOrder?: number; active?: boolean }) =>
  unwrap(api.PATCH('/api/v1/admin/tags/{id}', { params: { path: { id } }, body }));
export const deactivateTagOption = (id: string) => unwrap(api.DELETE('/api/v1/admin/tags/{id}', { params: { path: { id } } }));

/** Every option of both types, inactive included (one unpaged list). */
export const useTagOptions = () => useQuery({ queryKey: tagOptionKeys.all, queryFn: listTagOptions, select: (r) => r.items });

const useRefreshing = <A,>(fn: (args: A) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: tagOptionKeys.all }) });
};

export const useCreateTagOption = () => useRefreshing((body: { type: TagType; value: string; sortOrder: number }) => createTagOption(body));
export const useUpdateTagOption = () => useRefreshing(({ id, ...body }: { id: string; value?: string; active?: boolean }) => updateTagOption(id, body));
export const useDeactivateTagOption = () => useRefreshing((id: string) => deactivateTagOption(id));

/** A move is several sortOrder changes, sent one after the other so the list never shows a half of it as final. */
export const useReorderTagOptions = () =>
  useRefreshing(async (patches: Array<{ id: string; sortOrder: number }>) => {
    for (const p of patches) await updateTagOption(p.id, { sortOrder: p.sortOrder });
  });
