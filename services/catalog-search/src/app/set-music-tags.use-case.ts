import { validationFailed, writeAudit, type FieldDetail, type Principal } from '@storecast/service-kit';
import { findActiveMusic, moodIdsOfMusic, setMusicTags as storeMusicTags } from '../db/music.repository';
import { findTagOptionsByIds } from '../db/tag-option.repository';
import { musicNotFound, tagOptionNotFound } from './errors';
import { musicDetailView, type MusicView } from './music-view';
import type { CatalogContext } from './ports';

/**
 * Sets the one genre and the moods of a music (a full replace). Every id must name a tag option
 * (404 MUSIC_TAG_OPTION_NOT_FOUND) of the right type and active (400 VALIDATION_FAILED) — except
 * an option the music already carries: a deactivated option stays on the music it tags.
 */
export const setMusicTags = async (
  ctx: CatalogContext,
  principal: Principal,
  input: { musicId: string; genreId: string; moodIds: string[] },
): Promise<MusicView> => {
  await ctx.db.transaction(async (tx) => {
    const current = await findActiveMusic(tx, input.musicId, { forUpdate: true });
    if (!current) throw musicNotFound();
    const options = new Map((await findTagOptionsByIds(tx, [input.genreId, ...input.moodIds])).map((o) => [o.id, o]));
    const missing = [input.genreId, ...input.moodIds].filter((id) => !options.has(id));
    if (missing.length) throw tagOptionNotFound({ missingTagOptionIds: missing.join(',') });
    const currentMoods = new Set(await moodIdsOfMusic(tx, current.id));
    const problems: FieldDetail[] = [];
    const genre = options.get(input.genreId)!;
    if (genre.type !== 'GENRE') problems.push({ field: 'genreId', code: 'WRONG_TYPE', message: 'Not a GENRE option' });
    else if (genre.deactivatedAt && current.genreId !== genre.id) problems.push({ field: 'genreId', code: 'INACTIVE', message: 'The option is deactivated' });
    input.moodIds.forEach((id, i) => {
      const mood = options.get(id)!;
      if (mood.type !== 'MOOD') problems.push({ field: `moodIds.${i}`, code: 'WRONG_TYPE', message: 'Not a MOOD option' });
      else if (mood.deactivatedAt && !currentMoods.has(id)) problems.push({ field: `moodIds.${i}`, code: 'INACTIVE', message: 'The option is deactivated' });
    });
    if (problems.length) throw validationFailed(problems);
    await storeMusicTags(tx, current.id, input.genreId, input.moodIds, ctx.clock.now());
    await writeAudit(
      tx,
      principal,
      { action: 'MUSIC_TAGS_UPDATED', targetType: 'MUSIC', targetId: current.id, targetLabel: current.title, detail: { genreId: input.genreId, moodIds: input.moodIds } },
      ctx.clock,
    );
  });
  return musicDetailView(ctx, (await findActiveMusic(ctx.db, input.musicId))!);
};
