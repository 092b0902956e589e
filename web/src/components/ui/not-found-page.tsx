import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CenteredPage } from './centered-page';

export const NotFoundPage = () => {
  const { t } = useTranslation();
  return (
    <CenteredPage title={t('notFoundTitle')}>
      <Text>{t('notFoundBody')}</Text>
      <Button component={Link} to="/">{t('goHome')}</Button>
    </CenteredPage>
  );
};
