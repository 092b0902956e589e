import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { fieldErrors } from '../../../lib/errors/api-error';
import { BODY_MAX, TICKET_CATEGORIES, TITLE_MAX, type TicketCategory } from '../ticket-limits';
import '../tickets.messages';

interface Values {
  title: string;
  body: string;
  category: TicketCategory | null;
}

export interface NewTicketBody {
  title: string;
  body: string;
  category: TicketCategory;
}

/** The part of a channel's create mutation the form uses (any channel's ticket detail has an id). */
export interface CreateTicketMutation {
  mutate: (body: NewTicketBody, options: { onSuccess: (ticket: { id: string }) => void; onError: (err: unknown) => void }) => void;
  reset: () => void;
  error: unknown;
  isPending: boolean;
}

/** A new ticket: title 1..200 (not blank), message 1..5000, category required; opens it when created. */
export const NewTicketModal = ({ opened, onClose, create, ticketPath }: {
  opened: boolean;
  onClose: () => void;
  create: CreateTicketMutation;
  /** Where the created ticket is read. */
  ticketPath: (id: string) => string;
}) => {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  const form = useForm<Values>({
    initialValues: { title: '', body: '', category: null },
    validate: {
      title: (v) => (v.trim().length === 0 ? t('titleRequired') : v.trim().length > TITLE_MAX ? t('titleTooLong') : null),
      body: (v) => (v.trim().length === 0 ? t('bodyRequired') : v.trim().length > BODY_MAX ? t('bodyTooLong') : null),
      category: (v) => (v ? null : t('categoryRequired')),
    },
  });
  const close = () => {
    create.reset();
    onClose();
  };
  const submit = (values: Values) =>
    create.mutate(
      { title: values.title.trim(), body: values.body.trim(), category: values.category! },
      {
        onSuccess: (ticket) => {
          notifications.show({ color: 'green', message: t('created') });
          form.reset();
          close();
          void navigate(ticketPath(ticket.id));
        },
        onError: (err) => form.setErrors(fieldErrors(err)),
      },
    );
  return (
    <Modal opened={opened} onClose={close} title={t('newTicket')} centered size="lg">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <Select label={t('formCategory')} required data={TICKET_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) }))} {...form.getInputProps('category')} />
          <TextInput
            label={t('formTitle')}
            required
            data-autofocus
            description={t('common:lengthCounter', { count: form.values.title.length, max: TITLE_MAX })}
            {...form.getInputProps('title')}
          />
          <Textarea
            label={t('formBody')}
            required
            autosize
            minRows={5}
            maxRows={14}
            description={t('common:lengthCounter', { count: form.values.body.length, max: BODY_MAX })}
            {...form.getInputProps('body')}
          />
          <ErrorAlert error={create.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>{t('common:cancel')}</Button>
            <Button type="submit" loading={create.isPending}>{t('submit')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
