import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { CenteredPage } from './centered-page';

/** What a person sees when a page failed to render or its chunk failed to load. */
export const RouteError = () => {
  const error = useRouteError();
  const { t } = useTranslation();
  console.error(error);
  return (
    <CenteredPage title={t('errorBoundary')}>
      <Text c="dimmed" size="sm">{error instanceof Error ? error.message : ''}</Text>
      <Button onClick={() => window.location.reload()}>{t('retry')}</Button>
    </CenteredPage>
  );
};
