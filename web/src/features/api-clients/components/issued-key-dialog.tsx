import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/i18n/format-time';
import type { IssuedApiKey } from '../api/api-clients-api';
import '../api-clients.messages';

/** The secret of a new key, shown this one time (identity stores it hashed), with a copy button. */
export const IssuedKeyDialog = ({ issued, onClose }: { issued: IssuedApiKey | null; onClose: () => void }) => {
  const { t } = useTranslation('api-clients');
  return (
    <Modal opened={issued !== null} onClose={onClose} title={t('secretTitle')} centered size="lg" closeOnClickOutside={false}>
      {issued && (
        <Stack>
          <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} role="status">{t('secretOnce')}</Alert>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="issued-key-label">{t('secretLabel')}</Text>
            <Group gap="xs" wrap="nowrap" align="center">
              <Code block aria-labelledby="issued-key-label" data-testid="issued-api-key" style={{ wordBreak: 'break-all', flex: 1 }}>{issued.apiKey}</Code>
              <CopyButton value={issued.apiKey}>
                {({ copied, copy }) => (
                  <Button variant={copied ? 'light' : 'default'} color={copied ? 'teal' : undefined} onClick={copy} leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}>
                    {copied ? t('copied') : t('copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="xs" c="dimmed">{t('expiresAt')}: {formatDateTime(issued.expiresAt)}</Text>
          </Stack>
          <Text size="sm">{t('secretUse')}</Text>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>{t('secretDone')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
};
