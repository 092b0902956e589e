import { Button, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useHqPlaylists, useHqStores, useSetStorePlaylist, useStorePlaylists } from '../api/admin-catalog-api';
import '../admin-catalog.messages';

/** A store of the HQ: its own playlist, or none (then it follows the HQ default without any change to the store). */
export const StorePlaylistCard = ({ hqId }: { hqId: string }) => {
  const { t } = useTranslation('admin-catalog');
  const headingId = useId();
  const stores = useHqStores(hqId);
  const [storeId, setStoreId] = useState<string | null>(null);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id={headingId}>{t('stores.title')}</Title>
          <Text size="sm" c="dimmed">{t('stores.intro')}</Text>
        </Stack>
        <ErrorAlert error={stores.error} />
        {stores.isSuccess && stores.data.length === 0 ? (
          <Text size="sm" c="dimmed">{t('stores.noStores')}</Text>
        ) : (
          <Select
            label={t('stores.store')}
            placeholder={t('stores.storePlaceholder')}
            data={(stores.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            value={storeId}
            onChange={setStoreId}
            searchable
            clearable
            nothingFoundMessage={t('stores.noStore')}
            maw={360}
          />
        )}
        {storeId && <StoreAssignment key={storeId} hqId={hqId} storeId={storeId} />}
      </Stack>
    </Paper>
  );
};

const StoreAssignment = ({ hqId, storeId }: { hqId: string; storeId: string }) => {
  const { t } = useTranslation('admin-catalog');
  const assignment = useStorePlaylists(storeId);
  const playlists = useHqPlaylists(hqId);
  const set = useSetStorePlaylist(storeId);
  const [picked, setPicked] = useState<string | null>(null);
  const a = assignment.data;
  if (assignment.isPending) return <Loader size="sm" aria-label={t('common:loading')} />;
  if (!a) return <ErrorAlert error={assignment.error} />;
  return (
    <Stack gap="xs">
      <Text fw={500} role="status" aria-live="polite" data-testid="store-playlist-current">
        {a.activePlaylist ? t('stores.active', { name: a.activePlaylist.name }) : a.hqDefault ? t('stores.follows', { name: a.hqDefault.name }) : t('stores.followsNone')}
      </Text>
      {a.devices.length > 0 && <Text size="sm" c="dimmed">{t('stores.devices', { count: a.devices.length })}</Text>}
      <Group align="flex-end">
        <Select
          label={t('stores.pick')}
          placeholder={t('defaults.pickPlaceholder')}
          data={(playlists.data ?? []).filter((p) => p.id !== a.activePlaylist?.id).map((p) => ({ value: p.id, label: p.name }))}
          value={picked}
          onChange={setPicked}
          searchable
          clearable
          miw={280}
        />
        <Button
          disabled={!picked}
          loading={set.isPending && set.variables !== null}
          onClick={() =>
            picked &&
            set.mutate(picked, {
              onSuccess: (done) => {
                notifications.show({ color: 'green', message: t('stores.setDone', { name: done.activePlaylist?.name ?? '' }) });
                setPicked(null);
              },
            })
          }
        >
          {t('stores.set')}
        </Button>
        {a.activePlaylist && (
          <Button variant="light" color="red" loading={set.isPending && set.variables === null} onClick={() => set.mutate(null, { onSuccess: () => notifications.show({ color: 'green', message: t('stores.cleared') }) })}>
            {t('stores.clear')}
          </Button>
        )}
      </Group>
      <ErrorAlert error={set.error} />
    </Stack>
  );
};
