import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../lib/errors/api-error';
import { currentLanguage } from '../../lib/i18n';

/** An error in the person's words (the code's sentence), announced to screen readers. */
export const ErrorAlert = ({ error, title }: { error: unknown; title?: string }) => {
  useTranslation(); // re-render when the language changes
  if (!error) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={title} role="alert" data-testid="error-alert">
      {describeError(error, currentLanguage())}
    </Alert>
  );
};
