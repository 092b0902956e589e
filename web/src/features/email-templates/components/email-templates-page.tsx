import { Anchor, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { isEmailTemplateType, useEmailTemplates, type EmailTemplate } from '../api/email-templates-api';
import '../email-templates.messages';

/** /admin/email-templates — the four templates with their subject and placeholders. */
export const EmailTemplatesPage = () => {
  const { t } = useTranslation('email-templates');
  const list = useEmailTemplates();
  const rows = list.data?.items ?? [];
  // The server's label is English; the four known types are named in the page's language.
  const labelOf = (r: EmailTemplate) => (isEmailTemplateType(r.type) ? t(`types.${r.type}`) : r.label);
  return (
    <Stack maw={1100}>
      <Stack gap={4}>
        <Title order={1} size="h2">{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
      </Stack>
      <ErrorAlert error={list.error} />
      {list.isPending && <Loader aria-label={t('common:loading')} />}
      {rows.length > 0 && (
        <DataTable
          label={t('table')}
          rows={rows}
          rowKey={(r) => r.type}
          minWidth={800}
          rowProps={(r) => ({ 'data-type': r.type })}
          columns={[
            { key: 'label', header: t('label'), strong: true, cell: (r) => <Anchor component={Link} to={`/admin/email-templates/${r.type}`}>{labelOf(r)}</Anchor> },
            { key: 'type', header: t('type'), cell: (r) => <Text size="sm" ff="monospace">{r.type}</Text> },
            { key: 'subject', header: t('subject'), cell: (r) => r.subject },
            {
              key: 'placeholders',
              header: t('placeholders'),
              cell: (r) =>
                r.placeholders.length === 0 ? <Text size="sm" c="dimmed">{t('none')}</Text> : (
                  <Group gap={4}>{r.placeholders.map((p) => <Badge key={p} variant="light" color="gray" tt="none">{p}</Badge>)}</Group>
                ),
            },
            {
              key: 'actions',
              header: t('actions'),
              cell: (r) => (
                <Button component={Link} to={`/admin/email-templates/${r.type}`} size="xs" variant="default" aria-label={t('openLabel', { label: labelOf(r) })}>
                  {t('open')}
                </Button>
              ),
            },
          ]}
        />
      )}
    </Stack>
  );
};
