import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A password input whose show/hide button speaks the person's language and whose error is announced. */
export const PasswordField = (props: PasswordInputProps) => {
  const { t } = useTranslation('auth');
  return <PasswordInput {...props} visibilityToggleButtonProps={{ 'aria-label': t('togglePassword') }} aria-invalid={props.error ? true : undefined} />;
};
