import { ActionIcon, Alert, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { DataTable } from '../../../components/ui/data-table';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconSpeakerphone, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { TEMPLATE_LIMIT, useDeleteTemplate, useTemplates, type BroadcastTemplate } from '../api/broadcast-api';
import { formatDateTime } from '../../../lib/i18n/format-time';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TemplateFormModal } from './template-form-modal';
import '../broadcast.messages';

type Editing = { kind: 'new' } | { kind: 'edit'; template: BroadcastTemplate } | null;

/** /player/templates: the store's broadcast templates (at most 20), most recently updated first. */
export const TemplatesPage = () => {
  const { t } = useTranslation('broadcast');
  const navigate = useNavigate();
  const templates = useTemplates();
  const remove = useDeleteTemplate();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<BroadcastTemplate | null>(null);
  const items = templates.data?.items ?? [];
  const count = templates.data?.total ?? items.length;
  const full = count >= TEMPLATE_LIMIT;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('deleted') });
        setDeleting(null);
      },
    });
  };

  return (
    <Stack maw={960}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">{t('templatesTitle')}</Title>
          <Text c="dimmed">{t('templatesIntro')}</Text>
        </Stack>
        <Group>
          {templates.isSuccess && (
            <Badge size="lg" variant="light" color={full ? 'red' : 'blue'} aria-label={t('templatesCountLabel', { count, max: TEMPLATE_LIMIT })}>
              {t('templatesCount', { count, max: TEMPLATE_LIMIT })}
            </Badge>
          )}
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ kind: 'new' })} disabled={!templates.isSuccess || full}>
            {t('newTemplate')}
          </Button>
        </Group>
      </Group>
      {full && <Alert color="yellow">{t('templatesFull')}</Alert>}
      <ErrorAlert error={templates.error} />
      {templates.isPending && <Loader aria-label={t('common:loading')} />}
      {templates.isSuccess && items.length === 0 && <Text c="dimmed">{t('templatesEmpty')}</Text>}
      {items.length > 0 && (
        <DataTable
          label={t('templatesTable')}
          rows={items}
          rowKey={(item) => item.id}
          columns={[
            { key: 'name', header: t('name'), strong: true, cell: (item) => item.name },
            { key: 'text', header: t('text'), cell: (item) => <Text size="sm" lineClamp={2}>{item.text}</Text> },
            { key: 'voice', header: t('voice'), cell: (item) => t(`voices.${item.voice}`) },
            { key: 'updatedAt', header: t('updatedAt'), cell: (item) => formatDateTime(item.updatedAt) },
            {
              key: 'actions',
              header: t('actions'),
              cell: (item) => (
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" variant="light" leftSection={<IconSpeakerphone size={14} aria-hidden />} aria-label={t('useLabel', { name: item.name })}
                    onClick={() => void navigate(`/player/broadcast?templateId=${encodeURIComponent(item.id)}`)}>
                    {t('use')}
                  </Button>
                  <ActionIcon variant="subtle" aria-label={t('editLabel', { name: item.name })} onClick={() => setEditing({ kind: 'edit', template: item })}>
                    <IconPencil size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="red" aria-label={t('deleteLabel', { name: item.name })} onClick={() => { remove.reset(); setDeleting(item); }}>
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              ),
            },
          ]}
        />
      )}
      {editing && (
        <TemplateFormModal
          key={editing.kind === 'edit' ? editing.template.id : 'new'}
          opened
          template={editing.kind === 'edit' ? editing.template : undefined}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('deleteTitle')}
        confirmLabel={t('common:delete')}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        loading={remove.isPending}
        error={remove.error}
      >
        {t('deleteBody', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
};
