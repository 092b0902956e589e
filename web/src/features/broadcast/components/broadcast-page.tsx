import { Anchor, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconKeyboard, IconMicrophone } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Draft } from '../api/broadcast-api';
import { DraftSender } from './draft-sender';
import { RecordedBroadcast } from './recorded-broadcast';
import { TypedBroadcastForm } from './typed-broadcast-form';
import '../broadcast.messages';

type Source = 'typed' | 'recorded';

/** /player/broadcast: a typed or recorded broadcast, listened to, then sent now or at a time. */
export const BroadcastPage = () => {
  const { t } = useTranslation('broadcast');
  const [tab, setTab] = useState<Source>('typed');
  const [draft, setDraft] = useState<{ draft: Draft; source: Source } | null>(null);
  return (
    <Stack maw={720}>
      <Title order={1} size="h2">{t('pageTitle')}</Title>
      <Text c="dimmed">{t('pageIntro')}</Text>
      {draft && (
        <DraftSender key={draft.draft.announcementId} draft={draft.draft} source={draft.source} onSent={() => setDraft(null)} onDiscard={() => setDraft(null)} />
      )}
      {/* Kept mounted under a draft, so "start over" comes back to the typed text. */}
      <div hidden={draft !== null}>
        <Tabs value={tab} onChange={(v) => setTab((v as Source | null) ?? 'typed')} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="typed" leftSection={<IconKeyboard size={16} aria-hidden />}>{t('tabTyped')}</Tabs.Tab>
            <Tabs.Tab value="recorded" leftSection={<IconMicrophone size={16} aria-hidden />}>{t('tabRecorded')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="typed" pt="md">
            <TypedBroadcastForm onDraft={(d) => setDraft({ draft: d, source: 'typed' })} />
          </Tabs.Panel>
          <Tabs.Panel value="recorded" pt="md">
            <RecordedBroadcast onDraft={(d) => setDraft({ draft: d, source: 'recorded' })} />
          </Tabs.Panel>
        </Tabs>
      </div>
      <Anchor component={Link} to="/player/reservations" size="sm">{t('toReservations')}</Anchor>
    </Stack>
  );
};
