import { Alert, Button, Group, Radio, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { fieldErrors } from '../../../lib/errors/api-error';
import { BODY_MAX } from '../../tickets/ticket-limits';
import { useAddComment, type CommentKind } from '../api/admin-tickets-api';
import '../admin-tickets.messages';

interface Values {
  kind: CommentKind;
  body: string;
}

/** A REPLY to the customer or an INTERNAL note for operators: the choice first, 1..5000 characters checked before sending. */
export const TicketReplyForm = ({ ticketId }: { ticketId: string }) => {
  const { t } = useTranslation('admin-tickets');
  const add = useAddComment(ticketId);
  const form = useForm<Values>({
    initialValues: { kind: 'REPLY', body: '' },
    validate: {
      body: (v, values) =>
        v.trim().length === 0 ? (values.kind === 'INTERNAL' ? t('internalRequired') : t('replyRequired')) : v.trim().length > BODY_MAX ? t('bodyTooLong') : null,
    },
  });
  const internal = form.values.kind === 'INTERNAL';
  const submit = (values: Values) =>
    add.mutate(
      { kind: values.kind, body: values.body.trim() },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: values.kind === 'INTERNAL' ? t('internalSaved') : t('replySent') });
          form.setFieldValue('body', '');
        },
        onError: (err) => form.setErrors(fieldErrors(err)),
      },
    );
  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack>
        <Radio.Group
          label={t('writeKind')}
          value={form.values.kind}
          onChange={(v) => {
            add.reset();
            form.setFieldValue('kind', v as CommentKind);
          }}
        >
          <Group mt={4}>
            <Radio value="REPLY" label={t('writeReply')} />
            <Radio value="INTERNAL" label={t('writeInternal')} color="yellow" />
          </Group>
        </Radio.Group>
        <Alert
          variant="light"
          color={internal ? 'yellow' : 'blue'}
          icon={internal ? <IconLock size={16} aria-hidden /> : undefined}
          aria-live="polite"
          data-testid="comment-kind-hint"
        >
          {internal ? t('internalHint') : t('replyHint')}
        </Alert>
        <Textarea
          label={internal ? t('internalBody') : t('replyBody')}
          required
          autosize
          minRows={3}
          description={t('common:lengthCounter', { count: form.values.body.length, max: BODY_MAX })}
          styles={internal ? { input: { background: 'var(--mantine-color-yellow-light)' } } : undefined}
          {...form.getInputProps('body')}
        />
        <ErrorAlert error={add.error} />
        <Button type="submit" loading={add.isPending} color={internal ? 'yellow' : undefined} autoContrast style={{ alignSelf: 'flex-start' }}>
          {internal ? t('sendInternal') : t('sendReply')}
        </Button>
      </Stack>
    </form>
  );
};
