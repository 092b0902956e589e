import { TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useImpersonationReason } from '../../impersonation/use-impersonation-reason';
import { checkStoreField, type FieldProblem, type StoreField, type StoreValues } from '../store-fields';
import '../hq-stores.messages';

/** The form's rules: the spec's limits, said in the person's words before anything is sent. */
export const useStoreFieldRules = (): Record<StoreField, (value: string) => string | null> => {
  const { t } = useTranslation('hq-stores');
  const say = (problem: FieldProblem | null) => (problem ? t(`validation.${problem.key}`, 'max' in problem ? { max: problem.max } : {}) : null);
  return {
    name: (v) => say(checkStoreField('name', v)),
    address: (v) => say(checkStoreField('address', v)),
    managerName: (v) => say(checkStoreField('managerName', v)),
    managerEmail: (v) => say(checkStoreField('managerEmail', v)),
    managerPhone: (v) => say(checkStoreField('managerPhone', v)),
  };
};

/** The five store values (create and edit share them). */
export const StoreFieldInputs = ({ form, creating = false }: { form: UseFormReturnType<StoreValues>; creating?: boolean }) => {
  const { t } = useTranslation('hq-stores');
  // On create an email makes the owner's account, which an impersonated session may not do.
  const impersonated = useImpersonationReason();
  const emailClosed = creating && impersonated !== null;
  return (
    <>
      <TextInput label={t('fields.name')} required {...form.getInputProps('name')} />
      <TextInput label={t('fields.address')} autoComplete="street-address" {...form.getInputProps('address')} />
      <TextInput label={t('fields.managerName')} {...form.getInputProps('managerName')} />
      <TextInput
        label={t('fields.managerEmail')}
        type="email"
        description={emailClosed ? impersonated : creating ? t('create.emailHint') : t('detail.contactEmailHint')}
        {...form.getInputProps('managerEmail')}
        disabled={emailClosed}
      />
      <TextInput label={t('fields.managerPhone')} type="tel" {...form.getInputProps('managerPhone')} />
    </>
  );
};
