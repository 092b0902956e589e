import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { RenameDialog } from './catalog-parts';
import '../admin-catalog.messages';

/**
 * The rename and delete buttons of a library's or a playlist's header, with their dialogs: a
 * rename confirms in place, a delete says what it takes with it and goes back to the list.
 */
export const RenameDeleteActions = ({ name, rename, remove, deleteTitle, deleteBody, deletedMessage, listPath }: {
  name: string;
  rename: UseMutationResult<unknown, Error, string>;
  remove: UseMutationResult<unknown, Error, void>;
  deleteTitle: string;
  deleteBody: string;
  deletedMessage: string;
  listPath: string;
}) => {
  const { t } = useTranslation('admin-catalog');
  const navigate = useNavigate();
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setRenaming(true)}>{t('rename')}</Button>
      <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setDeleting(true)}>{t('delete')}</Button>
      {renaming && (
        <RenameDialog
          opened
          current={name}
          pending={rename.isPending}
          error={rename.error}
          onClose={() => {
            rename.reset();
            setRenaming(false);
          }}
          onSave={(next) =>
            rename.mutate(next, {
              onSuccess: () => {
                notifications.show({ color: 'green', message: t('renamed') });
                setRenaming(false);
              },
            })
          }
        />
      )}
      <ConfirmDialog
        opened={deleting}
        title={deleteTitle}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        loading={remove.isPending}
        error={remove.error}
        onClose={() => {
          remove.reset();
          setDeleting(false);
        }}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: deletedMessage });
              void navigate(listPath);
            },
          })
        }
      >
        {deleteBody}
      </ConfirmDialog>
    </>
  );
};
