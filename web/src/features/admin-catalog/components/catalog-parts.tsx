import { Badge, Button, Group, Modal, Select, Stack, TextInput, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { describeError } from '../../../lib/errors/api-error';
import { PLAYLIST_STATUS_COLOR } from '../../hq-catalog/catalog-rules';
import { useHqOptions, type LibraryType, type PlaylistStatus } from '../api/admin-catalog-api';
import { NAME_MAX, nameProblem } from '../catalog-admin-rules';
import '../admin-catalog.messages';

/** The derived status, with what it means in the tooltip (reachable by keyboard focus). */
export const PlaylistStatusBadge = ({ status }: { status: PlaylistStatus }) => {
  const { t } = useTranslation('admin-catalog');
  return (
    <Tooltip label={t(`statusHint.${status}`)} withArrow multiline w={260} events={{ hover: true, focus: true, touch: true }}>
      <Badge color={PLAYLIST_STATUS_COLOR[status]} variant="light" tabIndex={0} aria-description={t(`statusHint.${status}`)} data-status={status}>
        {t(`status.${status}`)}
      </Badge>
    </Tooltip>
  );
};

export const DefaultBadge = () => {
  const { t } = useTranslation('admin-catalog');
  return (
    <Tooltip label={t('isDefaultHint')} withArrow multiline w={260} events={{ hover: true, focus: true, touch: true }}>
      <Badge color="blue" variant="outline" tabIndex={0} aria-description={t('isDefaultHint')}>{t('isDefault')}</Badge>
    </Tooltip>
  );
};

export const LibraryTypeBadge = ({ type }: { type: LibraryType }) => {
  const { t } = useTranslation('admin-catalog');
  return <Badge color={type === 'TRUST' ? 'violet' : 'cyan'} variant="light" data-type={type}>{t(`libraryType.${type}`)}</Badge>;
};

/** One HQ from the unpaged dropdown list (GET /api/v1/admin/hq, by name). */
export const HqSelect = ({ value, onChange, label, placeholder, required, error, clearable = true, miw = 240 }: {
  value: string | null;
  onChange: (hqId: string | null) => void;
  label?: string;
  placeholder?: string;
  required?: boolean;
  error?: string;
  clearable?: boolean;
  miw?: number;
}) => {
  const { t } = useTranslation('admin-catalog');
  const hqs = useHqOptions();
  return (
    <Select
      label={label ?? t('hq')}
      placeholder={hqs.isPending ? t('hqsLoading') : (placeholder ?? t('hqPlaceholder'))}
      data={(hqs.data ?? []).map((h) => ({ value: h.id, label: h.name }))}
      value={value}
      onChange={onChange}
      searchable
      clearable={clearable}
      required={required}
      nothingFoundMessage={t('noHq')}
      error={error ?? (hqs.error ? describeError(hqs.error) : undefined)}
      miw={miw}
    />
  );
};

/** HQ id → name, for lists that carry only the id. */
export const useHqNames = (): ReadonlyMap<string, string> => {
  const hqs = useHqOptions();
  return new Map((hqs.data ?? []).map((h) => [h.id, h.name]));
};

/** A one-field rename dialog: the name is checked before it is sent. */
export const RenameDialog = ({ opened, current, onClose, onSave, pending, error }: {
  opened: boolean;
  current: string;
  onClose: () => void;
  onSave: (name: string) => void;
  pending: boolean;
  error: unknown;
}) => {
  const { t } = useTranslation('admin-catalog');
  const [name, setName] = useState(current);
  const [touched, setTouched] = useState(false);
  const problem = nameProblem(name);
  return (
    <Modal opened={opened} onClose={onClose} title={t('rename')} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (!problem) onSave(name.trim());
        }}
      >
        <Stack>
          <TextInput
            label={t('nameLabel')}
            description={t('nameHint')}
            required
            value={name}
            maxLength={NAME_MAX + 20}
            onChange={(e) => setName(e.currentTarget.value)}
            error={touched && problem ? t(problem) : undefined}
            data-autofocus
          />
          <ErrorAlert error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={pending}>{t('cancel')}</Button>
            <Button type="submit" loading={pending}>{t('save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
