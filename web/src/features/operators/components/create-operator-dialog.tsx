import { Button, Group, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ApiError, fieldErrors } from '../../../lib/errors/api-error';
import { useCreateOperator } from '../api/operators-api';
import { emailProblem, nameProblem, passwordProblem } from '../operator-lifecycle';
import '../operators.messages';

/** The sentence of a rule's problem, or null when there is none. */
const sentence = <K extends string>(problem: K | null, words: Record<K, string>): string | null => (problem ? words[problem] : null);

interface Values {
  name: string;
  email: string;
  tempPassword: string;
}

/** Creates an operator: name, email, an optional temporary password; the setup email is sent by identity. */
export const CreateOperatorDialog = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const { t } = useTranslation('operators');
  const create = useCreateOperator();
  const form = useForm<Values>({
    initialValues: { name: '', email: '', tempPassword: '' },
    validate: {
      name: (v) => sentence(nameProblem(v), { REQUIRED: t('nameRequired'), TOO_LONG: t('nameTooLong') }),
      email: (v) => sentence(emailProblem(v), { REQUIRED: t('emailRequired'), TOO_LONG: t('emailTooLong'), INVALID: t('emailInvalid') }),
      tempPassword: (v) => (v === '' ? null : sentence(passwordProblem(v), { TOO_SHORT: t('passwordTooShort'), TOO_LONG: t('passwordTooLong') })),
    },
  });
  const close = () => {
    form.reset();
    create.reset();
    onClose();
  };
  const submit = (v: Values) =>
    create.mutate(
      { name: v.name.trim(), email: v.email.trim(), tempPassword: v.tempPassword || undefined },
      {
        onSuccess: (op) => {
          notifications.show({
            color: op.setupEmailSent ? 'green' : 'yellow',
            title: t('created', { email: op.email }),
            message: op.setupEmailSent ? t('createdMailSent', { email: op.email }) : t('createdMailNotSent'),
          });
          close();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'DUPLICATE_EMAIL') form.setFieldError('email', t('duplicateEmail'));
          else form.setErrors(fieldErrors(err));
        },
      },
    );
  const shownError = create.error instanceof ApiError && ['DUPLICATE_EMAIL', 'VALIDATION_FAILED'].includes(create.error.code) ? null : create.error;
  return (
    <Modal opened={opened} onClose={close} title={t('createTitle')} centered>
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack>
          <TextInput label={t('nameLabel')} required data-autofocus maxLength={300} {...form.getInputProps('name')} />
          <TextInput label={t('emailLabel')} type="email" required autoComplete="off" {...form.getInputProps('email')} />
          <PasswordInput label={t('tempPassword')} description={t('tempPasswordHint')} autoComplete="new-password" {...form.getInputProps('tempPassword')} />
          <ErrorAlert error={shownError} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={create.isPending}>{t('common:cancel')}</Button>
            <Button type="submit" loading={create.isPending}>{t('createSubmit')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
