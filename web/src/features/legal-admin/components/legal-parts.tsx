import { Anchor, Badge, Group, Loader, Tabs, Typography } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LEGAL_KINDS, type LegalKind } from '../api/legal-admin-api';
import type { LegalStatus } from '../legal-status';
import '../legal-admin.messages';

const MarkdownView = lazy(() => import('../../../components/ui/markdown-view'));

const STATUS_COLOR: Record<LegalStatus, string> = { SCHEDULED: 'blue', ACTIVE: 'green', SUPERSEDED: 'gray' };

/** The status as computed at read time (not the stored snapshot). */
export const LegalStatusBadge = ({ status }: { status: LegalStatus }) => {
  const { t } = useTranslation('legal-admin');
  return <Badge color={STATUS_COLOR[status]} variant="light" data-status={status}>{t(`status.${status}`)}</Badge>;
};

export const CurrentBadge = () => {
  const { t } = useTranslation('legal-admin');
  return <Badge color="green" variant="filled" data-testid="current-badge">{t('current')}</Badge>;
};

/** Terms and privacy policy as two tabs; each tab is its own address. */
export const KindTabs = ({ kind }: { kind: LegalKind }) => {
  const { t } = useTranslation('legal-admin');
  const navigate = useNavigate();
  return (
    <Tabs value={kind} onChange={(next) => next && void navigate(`/admin/legal/${next}`)}>
      <Tabs.List aria-label={t('kindTabs')}>
        {LEGAL_KINDS.map((k) => <Tabs.Tab key={k} value={k}>{t(`kinds.${k}`)}</Tabs.Tab>)}
      </Tabs.List>
    </Tabs>
  );
};

export const BackToHistory = ({ kind }: { kind: LegalKind }) => {
  const { t } = useTranslation('legal-admin');
  return (
    <Anchor component={Link} to={`/admin/legal/${kind}`} size="sm">
      <Group gap={4}><IconArrowLeft size={14} aria-hidden />{t('back', { kind: t(`kinds.${kind}`) })}</Group>
    </Anchor>
  );
};

/** Markdown as the managers will read it (raw HTML dropped). */
export const MarkdownDocument = ({ source }: { source: string }) => (
  <Typography>
    <Suspense fallback={<Loader size="sm" />}>
      <MarkdownView source={source} />
    </Suspense>
  </Typography>
);
