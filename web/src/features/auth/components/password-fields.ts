import type { TFunction } from 'i18next';
import { PASSWORD_MAX, PASSWORD_MIN } from '../api/auth-api';

/** The rules the server enforces on a new password (spec 02 § Limits), checked before sending. */
export const newPasswordRules = (t: TFunction) => ({
  newPassword: (value: string) => (value.length < PASSWORD_MIN || value.length > PASSWORD_MAX ? t('auth:passwordLength') : null),
  confirm: (value: string, values: { newPassword: string }) => (value !== values.newPassword ? t('auth:passwordMismatch') : null),
});

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
