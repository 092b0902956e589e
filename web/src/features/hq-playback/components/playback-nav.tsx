import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import '../hq-playback.messages';

/** Switches between the play logs and the summary, keeping the chosen store. */
export const PlaybackNav = () => {
  const { t } = useTranslation('hq-playback');
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const store = params.get('store');
  const query = store ? `?${new URLSearchParams({ store }).toString()}` : '';
  const onSummary = pathname.replace(/\/$/, '').endsWith('/summary');
  const link = (to: string, label: string, current: boolean) => (
    <Button component={Link} to={`${to}${query}`} variant={current ? 'light' : 'subtle'} size="compact-md" aria-current={current ? 'page' : undefined}>
      {label}
    </Button>
  );
  return (
    <Group gap="xs" component="nav" aria-label={t('nav.label')}>
      {link('/hq/playback', t('nav.logs'), !onSummary)}
      {link('/hq/playback/summary', t('nav.summary'), onSummary)}
    </Group>
  );
};
