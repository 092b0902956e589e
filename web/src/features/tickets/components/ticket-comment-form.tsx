import { Button, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { fieldErrors } from '../../../lib/errors/api-error';
import { BODY_MAX } from '../ticket-limits';
import '../tickets.messages';

/** The reply form under a ticket's conversation: 1..5000 characters, checked before sending. */
export const TicketCommentForm = ({ add, label }: { add: UseMutationResult<unknown, unknown, string>; label: string }) => {
  const { t } = useTranslation('tickets');
  const form = useForm({
    initialValues: { body: '' },
    validate: { body: (v) => (v.trim().length === 0 ? t('commentRequired') : v.trim().length > BODY_MAX ? t('commentTooLong') : null) },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ body }) =>
        add.mutate(body.trim(), {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t('commented') });
            form.reset();
          },
          onError: (err) => form.setErrors(fieldErrors(err)),
        }),
      )}
    >
      <Stack>
        <Textarea
          label={label}
          required
          autosize
          minRows={3}
          description={t('common:lengthCounter', { count: form.values.body.length, max: BODY_MAX })}
          {...form.getInputProps('body')}
        />
        <ErrorAlert error={add.error} />
        <Button type="submit" loading={add.isPending} style={{ alignSelf: 'flex-start' }}>{t('sendComment')}</Button>
      </Stack>
    </form>
  );
};
