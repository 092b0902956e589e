import { Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useStoreMe } from '../api/store-profile-api';
import { ContactForm } from './contact-form';
import { PlaybackSettings, StoreFacts } from './store-facts';
import '../store-profile.messages';

/** /player/profile: the store (read-only), the HQ's playback settings, and the editable contact. */
export const StoreProfilePage = () => {
  const { t } = useTranslation('store-profile');
  const store = useStoreMe();
  return (
    <Stack maw={880}>
      <Title order={1} size="h2">{t('title')}</Title>
      <Text c="dimmed">{t('intro')}</Text>
      {store.isPending && <Loader aria-label={t('common:loading')} />}
      <ErrorAlert error={store.error} />
      {store.data && (
        <>
          <StoreFacts store={store.data} />
          <PlaybackSettings store={store.data} />
          <ContactForm key={store.data.id} store={store.data} />
        </>
      )}
    </Stack>
  );
};
