import { Anchor, Button, Card, Group, MultiSelect, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { moodsOf, useSetMusicTags, type Music } from '../api/music-api';
import { useTagOptions, type TagOption } from '../api/tag-options-api';
import { choosableOptions, trackTagsProblem } from '../tag-rules';
import '../admin-music.messages';

/** The genre (exactly one) and moods (any) of a track, chosen from the tag options. */
export const MusicTagsCard = ({ music }: { music: Music }) => {
  const { t } = useTranslation('admin-music');
  const options = useTagOptions();
  const save = useSetMusicTags(music.id);
  const [genreId, setGenreId] = useState<string | null>(music.genre?.id ?? null);
  const [moodIds, setMoodIds] = useState<string[]>(moodsOf(music).map((m) => m.id));
  const [problem, setProblem] = useState<string | null>(null);
  const all = options.data ?? [];
  const carried = [music.genre?.id, ...moodsOf(music).map((m) => m.id)].filter((id): id is string => Boolean(id));
  const label = (o: TagOption) => (o.active ? o.value : t('tags.inactive', { value: o.value }));
  const genres = choosableOptions(all, 'GENRE', carried);
  const moods = choosableOptions(all, 'MOOD', carried);

  const submit = () => {
    const found = trackTagsProblem(genreId, moodIds);
    setProblem(found === 'GENRE_REQUIRED' ? t('tags.genreRequired') : found === 'TOO_MANY_MOODS' ? t('tags.tooManyMoods') : null);
    if (found || !genreId) return;
    save.mutate({ genreId, moodIds }, { onSuccess: () => notifications.show({ color: 'green', message: t('tags.saved') }) });
  };

  return (
    <Card withBorder component="section" aria-labelledby="music-tags">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4" id="music-tags">{t('tags.title')}</Title>
          <Anchor component={Link} to="/admin/tags" size="sm">{t('tags.manage')}</Anchor>
        </Group>
        <Text size="sm" c="dimmed">{t('tags.intro')}</Text>
        <Text size="sm" data-testid="current-tags">
          {t('tags.current', { genre: music.genre?.value ?? t('tags.none'), moods: moodsOf(music).map((m) => m.value).join(', ') || t('tags.none') })}
        </Text>
        <ErrorAlert error={options.error} />
        {options.isSuccess && genres.length === 0 && <Text size="sm" c="orange">{t('tags.noOptions')}</Text>}
        <Group grow align="flex-start">
          <Select
            label={t('tags.genre')}
            placeholder={t('tags.genrePlaceholder')}
            data={genres.map((o) => ({ value: o.id, label: label(o) }))}
            value={genreId}
            onChange={(v) => { setGenreId(v); setProblem(null); }}
            error={problem === t('tags.genreRequired') ? problem : undefined}
            required
            searchable
            nothingFoundMessage={t('common:empty')}
          />
          <MultiSelect
            label={t('tags.moods')}
            placeholder={moodIds.length ? undefined : t('tags.moodsPlaceholder')}
            data={moods.map((o) => ({ value: o.id, label: label(o) }))}
            value={moodIds}
            onChange={(v) => { setMoodIds(v); setProblem(null); }}
            error={problem === t('tags.tooManyMoods') ? problem : undefined}
            searchable
            clearable
            nothingFoundMessage={t('common:empty')}
          />
        </Group>
        <ErrorAlert error={save.error} />
        <Group justify="flex-end">
          <Button onClick={submit} loading={save.isPending}>{t('tags.save')}</Button>
        </Group>
      </Stack>
    </Card>
  );
};
