import { Checkbox, Loader, ScrollArea, Stack, Text, Title, Typography } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { lazy, Suspense } from 'react';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { readActiveDocument, type LegalKind } from '../api/auth-api';

const MarkdownView = lazy(() => import('../../../components/ui/markdown-view'));

/** The active document of a kind (markdown, no raw HTML), with its agreement box. */
export const LegalDocument = ({ kind, checked, onChange, error, onVersion }: {
  kind: LegalKind;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | null;
  onVersion?: (version: string) => void;
}) => {
  const { t } = useTranslation('auth');
  const doc = useQuery({
    queryKey: ['legal', kind, 'active'],
    queryFn: async () => {
      const d = await readActiveDocument(kind);
      onVersion?.(d.version);
      return d;
    },
  });
  const name = t(kind);
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">{name}</Title>
      {doc.isPending && <Loader size="sm" />}
      <ErrorAlert error={doc.error} />
      {doc.data && (
        <>
          <Text size="xs" c="dimmed">{t('version', { version: doc.data.version })}</Text>
          <ScrollArea.Autosize mah={220} type="auto" offsetScrollbars style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }} tabIndex={0} aria-label={name}>
            <Typography p="sm">
              <Suspense fallback={<Loader size="sm" />}>
                <MarkdownView source={doc.data.content} />
              </Suspense>
            </Typography>
          </ScrollArea.Autosize>
          <Checkbox label={t('agreeTo', { document: name })} checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} error={error} />
        </>
      )}
    </Stack>
  );
};
