import { Anchor, Button, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useClearHqDefault, useHqDefault, useHqPlaylists, useSetHqDefault } from '../api/admin-catalog-api';
import { PlaylistStatusBadge } from './catalog-parts';
import '../admin-catalog.messages';

/**
 * The default playlist of one HQ (operator-only; at most one): shows it, sets or replaces it
 * with one of the HQ's playlists, clears it. Exported for the HQ detail page.
 */
export const HqDefaultPlaylistCard = ({ hqId }: { hqId: string }) => {
  const { t } = useTranslation('admin-catalog');
  const headingId = useId();
  const current = useHqDefault(hqId);
  const playlists = useHqPlaylists(hqId);
  const set = useSetHqDefault(hqId);
  const clear = useClearHqDefault(hqId);
  const [picked, setPicked] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [clearing, setClearing] = useState(false);
  const def = current.data?.playlist ?? null;
  const options = (playlists.data ?? []).filter((p) => p.id !== def?.id);
  const defStatus = playlists.data?.find((p) => p.id === def?.id)?.status;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId} data-testid="hq-default-playlist">
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>{t('defaults.cardTitle')}</Title>
        <ErrorAlert error={current.error ?? playlists.error} />
        {current.isPending && <Loader size="sm" aria-label={t('common:loading')} />}
        {current.isSuccess && (
          <Group gap="sm" role="status" aria-live="polite" data-testid="hq-default-current">
            {def ? (
              <>
                <Text fw={500}>
                  {t('defaults.current')}{' '}
                  <Anchor component={Link} to={`/admin/playlists/${def.id}`} fw={600}>{def.name}</Anchor>
                </Text>
                {defStatus && <PlaylistStatusBadge status={defStatus} />}
              </>
            ) : (
              <Text c="dimmed">{t('defaults.none')}</Text>
            )}
          </Group>
        )}
        {playlists.isSuccess && playlists.data.length === 0 && <Text size="sm" c="dimmed">{t('defaults.noPlaylists')}</Text>}
        <Group align="flex-end">
          <Select
            label={t('defaults.pick')}
            placeholder={t('defaults.pickPlaceholder')}
            data={options.map((p) => ({ value: p.id, label: `${p.name} · ${t(`status.${p.status}`)}` }))}
            value={picked}
            onChange={(v) => {
              setPicked(v);
              set.reset();
            }}
            searchable
            clearable
            disabled={!playlists.isSuccess || options.length === 0}
            error={tried && !picked ? t('defaults.pickRequired') : undefined}
            miw={300}
          />
          <Button
            loading={set.isPending}
            disabled={!playlists.isSuccess || options.length === 0}
            onClick={() => {
              setTried(true);
              if (!picked) return;
              set.mutate(picked, {
                onSuccess: (done) => {
                  notifications.show({ color: 'green', message: t('defaults.setDone', { name: done.playlist?.name ?? '' }) });
                  setPicked(null);
                  setTried(false);
                },
              });
            }}
          >
            {def ? t('defaults.replace') : t('defaults.set')}
          </Button>
          {def && (
            <Button variant="light" color="red" onClick={() => setClearing(true)}>{t('defaults.clear')}</Button>
          )}
        </Group>
        <ErrorAlert error={set.error} />
      </Stack>
      <ConfirmDialog
        opened={clearing}
        title={t('defaults.clearTitle')}
        confirmLabel={t('defaults.clear')}
        cancelLabel={t('cancel')}
        loading={clear.isPending}
        error={clear.error}
        onClose={() => {
          clear.reset();
          setClearing(false);
        }}
        onConfirm={() =>
          clear.mutate(undefined, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: t('defaults.cleared') });
              setClearing(false);
            },
          })
        }
      >
        {t('defaults.clearBody', { name: def?.name ?? '' })}
      </ConfirmDialog>
    </Paper>
  );
};
