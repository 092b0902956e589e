import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CommercialsTable } from './commercials-table';
import { CycleTable } from './cycle-table';
import { UploadCommercialForm } from './upload-commercial-form';
import '../commercials.messages';

/** /hq/commercials: register MP3s, manage the rotation, and see each store's cycle. */
export const CommercialsPage = () => {
  const { t } = useTranslation('commercials');
  return (
    <Stack maw={1120} gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
      </Stack>
      <UploadCommercialForm />
      <CommercialsTable />
      <CycleTable />
    </Stack>
  );
};
