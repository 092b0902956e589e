import { ActionIcon, Alert, Badge, Button, Card, Group, Slider, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconPlayerSkipForward, IconVolume } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/ui/data-table';
import type { ConnectionState } from '../../../player/ports';
import type { AnnouncementStatus } from '../../../player/announcement-scheduler';
import { usePlayer, usePlayerSnapshot } from './player-provider';
import '../player.messages';

const CONNECTION_COLOR: Record<ConnectionState, string> = { STREAM: 'green', POLLING: 'yellow', OFFLINE: 'red' };
const STATUS_COLOR: Record<AnnouncementStatus, string> = { SCHEDULED: 'gray', PLAYING: 'blue', PLAYED: 'green', FAILED: 'red', SKIPPED: 'gray', STOPPED: 'orange' };

const timeOf = (iso: string | null, language: string) => (iso ? new Date(iso).toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit', second: '2-digit' }) : '–');

/** What the store hears and what reached it: now playing, controls, connection, recent announcements. */
export const PlayerPage = () => {
  const { t, i18n } = useTranslation('player');
  const { player, needsGesture, startFromGesture, device } = usePlayer();
  const snap = usePlayerSnapshot();

  return (
    <Stack maw={960} gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">{t('title')}</Title>
          {device && <Text size="sm" c="dimmed">{t('device', { label: device.label })}</Text>}
        </div>
        {snap?.started && (
          <Tooltip label={t(`connectionHelp.${snap.connection}`)} multiline w={260}>
            <Badge size="lg" color={CONNECTION_COLOR[snap.connection]} variant="light" data-testid="connection-state" data-state={snap.connection} role="status" aria-live="polite">
              {t(`connection.${snap.connection}`)}
            </Badge>
          </Tooltip>
        )}
      </Group>

      {needsGesture && (
        <Alert title={t('startTitle')} color="blue">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('startBody')}</Text>
            <Button leftSection={<IconPlayerPlay size={18} aria-hidden />} onClick={startFromGesture}>{t('start')}</Button>
          </Stack>
        </Alert>
      )}
      {snap?.streamEndedReason && <Alert color="orange" role="alert">{t(`streamEnded.${snap.streamEndedReason}`, { defaultValue: snap.streamEndedReason })}</Alert>}
      {snap?.started && snap.connection !== 'STREAM' && <Text size="sm" c="dimmed">{t(`connectionHelp.${snap.connection}`)}</Text>}

      <Card withBorder padding="lg" aria-labelledby="now-playing-heading">
        <Stack gap="xs">
          <Group justify="space-between">
            <Text id="now-playing-heading" size="sm" c="dimmed" fw={600}>{t('nowPlaying')}</Text>
            {snap?.state && <Badge variant="dot" data-testid="playback-state">{t(`state.${snap.state}`)}</Badge>}
          </Group>
          <Title order={2} size="h3" data-testid="now-playing" aria-live="polite">{snap?.nowPlaying?.title ?? (snap?.started && snap.state === 'SILENT' ? t('nothing') : '–')}</Title>
          <Text size="sm" c="dimmed">{t('next')}: <span data-testid="next-track">{snap?.next?.title ?? '–'}</span></Text>
          {snap?.playlist && <Text size="sm" c="dimmed">{t('playlist', { name: snap.playlist.name })}</Text>}
          <Group mt="sm" gap="sm" wrap="nowrap">
            {snap?.paused ? (
              <ActionIcon size="xl" radius="xl" aria-label={t('resume')} onClick={() => player?.resume()} disabled={!snap.started}><IconPlayerPlay aria-hidden /></ActionIcon>
            ) : (
              <ActionIcon size="xl" radius="xl" aria-label={t('pause')} onClick={() => player?.pause()} disabled={!snap?.started}><IconPlayerPause aria-hidden /></ActionIcon>
            )}
            <ActionIcon size="lg" variant="light" radius="xl" aria-label={t('skip')} onClick={() => player?.skip()} disabled={!snap?.started}><IconPlayerSkipForward aria-hidden /></ActionIcon>
            <IconVolume aria-hidden />
            <Slider
              style={{ flex: 1, maxWidth: 280 }}
              min={0}
              max={100}
              value={Math.round((snap?.volume ?? 1) * 100)}
              onChange={(v) => player?.setVolume(v / 100)}
              label={(v) => `${v}%`}
              thumbLabel={t('volume')}
              aria-label={t('volume')}
            />
          </Group>
          {snap && snap.pendingOutbox > 0 && <Text size="xs" c="dimmed" data-testid="outbox">{t('outbox', { count: snap.pendingOutbox })}</Text>}
          {snap?.lastError && <Text size="xs" c="red">{t('lastError', { message: snap.lastError })}</Text>}
        </Stack>
      </Card>

      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="sm">{t('recentTitle')}</Title>
        {!snap || snap.recentAnnouncements.length === 0 ? (
          <Text c="dimmed" size="sm">{t('recentEmpty')}</Text>
        ) : (
          <DataTable
            label={t('recentTitle')}
            testId="recent-announcements"
            rows={snap.recentAnnouncements}
            rowKey={(a) => a.dispatchId}
            rowProps={(a) => ({ 'data-dispatch-id': a.dispatchId, 'data-status': a.status })}
            minWidth={560}
            hover={false}
            columns={[
              { key: 'title', header: t('columns.title'), cell: (a) => <>{a.title} {a.isEmergency && <Badge color="red" size="xs">{t('emergency')}</Badge>}</> },
              { key: 'status', header: t('columns.status'), cell: (a) => <Badge color={STATUS_COLOR[a.status]} variant="light">{t(`announcementStatus.${a.status}`)}</Badge> },
              { key: 'received', header: t('columns.received'), cell: (a) => timeOf(a.receivedAt, i18n.language) },
              { key: 'started', header: t('columns.started'), cell: (a) => timeOf(a.startedAt, i18n.language) },
              { key: 'source', header: t('columns.source'), cell: (a) => t(`source.${a.signalSource}`) },
            ]}
          />
        )}
      </Card>
    </Stack>
  );
};
