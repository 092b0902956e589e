import { Badge, Button, Card, Group, Loader, Modal, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import {
  useCreateTagOption, useDeactivateTagOption, useReorderTagOptions, useTagOptions, useUpdateTagOption, type TagOption,
} from '../api/tag-options-api';
import { isTagType, nextSortOrder, optionsOfType, reorderPatches, TAG_TYPES, TAG_VALUE_MAX, tagValueProblem, type TagType } from '../tag-rules';
import '../admin-music.messages';

const useValueProblemText = (type: TagType) => {
  const { t } = useTranslation('admin-music');
  return (problem: ReturnType<typeof tagValueProblem>) =>
    problem === 'REQUIRED' ? t('options.valueRequired')
    : problem === 'TOO_LONG' ? t('options.valueTooLong')
    : problem === 'DUPLICATE' ? t('options.valueDuplicate', { type: t(`options.types.${type}`) })
    : null;
};

/** /admin/tags — GENRE and MOOD options in their sort order: create, rename, move up or down, deactivate. */
export const TagOptionsPage = () => {
  const { t } = useTranslation('admin-music');
  const [search, setSearch] = useSearchParams();
  const typeParam = search.get('type');
  const type: TagType = isTagType(typeParam) ? typeParam : 'GENRE';
  const options = useTagOptions();
  const reorder = useReorderTagOptions();
  const update = useUpdateTagOption();
  const [renaming, setRenaming] = useState<TagOption | null>(null);
  const [deactivating, setDeactivating] = useState<TagOption | null>(null);
  const all = options.data ?? [];
  const rows = optionsOfType(all, type);
  const typeName = t(`options.types.${type}`);

  const move = (option: TagOption, direction: 'up' | 'down') => {
    const patches = reorderPatches(rows, option.id, direction);
    if (patches.length) reorder.mutate(patches, { onSuccess: () => notifications.show({ color: 'green', message: t('options.moved') }) });
  };
  const reactivate = (option: TagOption) =>
    update.mutate({ id: option.id, active: true }, { onSuccess: () => notifications.show({ color: 'green', message: t('options.reactivated', { value: option.value }) }) });

  return (
    <Stack maw={960}>
      <Stack gap={4}>
        <Title order={1} size="h2">{t('options.title')}</Title>
        <Text c="dimmed">{t('options.intro')}</Text>
      </Stack>
      <Tabs value={type} onChange={(next) => next && setSearch(next === 'GENRE' ? {} : { type: next })}>
        <Tabs.List aria-label={t('options.typeTabs')}>
          {TAG_TYPES.map((k) => <Tabs.Tab key={k} value={k}>{t(`options.types.${k}`)}</Tabs.Tab>)}
        </Tabs.List>
      </Tabs>
      <ErrorAlert error={options.error} />
      <ErrorAlert error={reorder.error ?? update.error} />
      {options.isPending && <Loader aria-label={t('common:loading')} />}
      {options.isSuccess && rows.length === 0 && <Text c="dimmed">{t('options.empty', { type: typeName })}</Text>}
      {rows.length > 0 && (
        <DataTable
          label={t('options.table', { type: typeName })}
          rows={rows}
          rowKey={(o) => o.id}
          minWidth={720}
          busy={options.isFetching || reorder.isPending}
          rowProps={(o) => ({ 'data-value': o.value, 'data-active': String(o.active) })}
          columns={[
            { key: 'order', header: t('options.order'), cell: (o) => <Text size="sm" c="dimmed">{rows.indexOf(o) + 1}</Text> },
            { key: 'value', header: t('options.value'), strong: true, cell: (o) => o.value },
            {
              key: 'status',
              header: t('options.status'),
              cell: (o) => <Badge variant="light" color={o.active ? 'green' : 'gray'}>{o.active ? t('options.active') : t('options.inactive')}</Badge>,
            },
            {
              key: 'actions',
              header: t('options.actions'),
              cell: (o) => {
                const i = rows.indexOf(o);
                return (
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" variant="default" leftSection={<IconArrowUp size={14} aria-hidden />} disabled={i === 0 || reorder.isPending} onClick={() => move(o, 'up')} aria-label={t('options.moveUpLabel', { value: o.value })}>
                      {t('options.moveUp')}
                    </Button>
                    <Button size="xs" variant="default" leftSection={<IconArrowDown size={14} aria-hidden />} disabled={i === rows.length - 1 || reorder.isPending} onClick={() => move(o, 'down')} aria-label={t('options.moveDownLabel', { value: o.value })}>
                      {t('options.moveDown')}
                    </Button>
                    <Button size="xs" variant="default" onClick={() => setRenaming(o)} aria-label={t('options.renameLabel', { value: o.value })}>{t('options.rename')}</Button>
                    {o.active ? (
                      <Button size="xs" variant="light" color="red" onClick={() => setDeactivating(o)} aria-label={t('options.deactivateLabel', { value: o.value })}>{t('options.deactivate')}</Button>
                    ) : (
                      <Button size="xs" variant="light" onClick={() => reactivate(o)} loading={update.isPending && update.variables?.id === o.id} aria-label={t('options.reactivateLabel', { value: o.value })}>{t('options.reactivate')}</Button>
                    )}
                  </Group>
                );
              },
            },
          ]}
        />
      )}
      {options.isSuccess && <CreateOptionForm key={type} type={type} options={all} />}
      <RenameModal option={renaming} options={all} onClose={() => setRenaming(null)} />
      <DeactivateDialog option={deactivating} onClose={() => setDeactivating(null)} />
    </Stack>
  );
};

const CreateOptionForm = ({ type, options }: { type: TagType; options: readonly TagOption[] }) => {
  const { t } = useTranslation('admin-music');
  const create = useCreateTagOption();
  const problemText = useValueProblemText(type);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const typeName = t(`options.types.${type}`);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = problemText(tagValueProblem(value, type, options));
    setError(problem);
    if (problem) return;
    const trimmed = value.trim();
    create.mutate(
      { type, value: trimmed, sortOrder: nextSortOrder(options, type) },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('options.created', { value: trimmed }) });
          setValue('');
        },
      },
    );
  };
  return (
    <Card withBorder component="form" onSubmit={submit} noValidate aria-labelledby="tag-create">
      <Stack>
        <Title order={2} size="h4" id="tag-create">{t('options.createTitle', { type: typeName })}</Title>
        <Group align="flex-start">
          <TextInput
            label={t('options.newValue', { type: typeName })}
            description={t('options.newValueHint')}
            value={value}
            onChange={(e) => { setValue(e.currentTarget.value); setError(null); create.reset(); }}
            error={error}
            maxLength={TAG_VALUE_MAX + 20}
            required
            w={360}
          />
          <Button type="submit" mt={44} leftSection={<IconPlus size={16} aria-hidden />} loading={create.isPending}>{t('options.add')}</Button>
        </Group>
        <ErrorAlert error={create.error} />
      </Stack>
    </Card>
  );
};

const RenameModal = ({ option, options, onClose }: { option: TagOption | null; options: readonly TagOption[]; onClose: () => void }) => {
  const { t } = useTranslation('admin-music');
  return (
    <Modal opened={option !== null} onClose={onClose} title={option ? t('options.renameTitle', { value: option.value }) : ''} centered>
      {option && <RenameForm key={option.id} option={option} options={options} onClose={onClose} />}
    </Modal>
  );
};

const RenameForm = ({ option, options, onClose }: { option: TagOption; options: readonly TagOption[]; onClose: () => void }) => {
  const { t } = useTranslation('admin-music');
  const update = useUpdateTagOption();
  const problemText = useValueProblemText(option.type);
  const [value, setValue] = useState(option.value);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = problemText(tagValueProblem(value, option.type, options, option.id));
    setError(problem);
    if (problem) return;
    const trimmed = value.trim();
    if (trimmed === option.value) return onClose();
    update.mutate({ id: option.id, value: trimmed }, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('options.renamed', { value: trimmed }) });
        onClose();
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label={t('options.value')} description={t('options.newValueHint')} value={value} onChange={(e) => { setValue(e.currentTarget.value); setError(null); }} error={error} maxLength={TAG_VALUE_MAX + 20} required data-autofocus />
        <ErrorAlert error={update.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>{t('common:cancel')}</Button>
          <Button type="submit" loading={update.isPending}>{t('common:save')}</Button>
        </Group>
      </Stack>
    </form>
  );
};

const DeactivateDialog = ({ option, onClose }: { option: TagOption | null; onClose: () => void }) => {
  const { t } = useTranslation('admin-music');
  const deactivate = useDeactivateTagOption();
  const value = option?.value ?? '';
  return (
    <ConfirmDialog
      opened={option !== null}
      title={t('options.deactivateTitle', { value })}
      confirmLabel={t('options.deactivate')}
      onConfirm={() => option && deactivate.mutate(option.id, {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('options.deactivated', { value }) });
          onClose();
        },
      })}
      onClose={() => { deactivate.reset(); onClose(); }}
      loading={deactivate.isPending}
      error={deactivate.error}
    >
      {t('options.deactivateBody', { value })}
    </ConfirmDialog>
  );
};
