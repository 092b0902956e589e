import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { currentLanguage } from '../../../lib/i18n';
import { useSetRegion, type HqStoreDetail, type Region } from '../api/stores-api';
import { regionLabel, REGIONS } from '../regions';
import '../hq-stores.messages';

/** The store's province (region dispatch targets stores by it); clearing it takes the store out of region dispatch. */
export const RegionCard = ({ store }: { store: HqStoreDetail }) => {
  const { t } = useTranslation('hq-stores');
  const language = currentLanguage();
  const [region, setRegion] = useState<Region | null>(store.region ?? null);
  const save = useSetRegion(store.id);
  const changed = region !== (store.region ?? null);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="store-region">
      <Stack>
        <Title order={2} size="h4" id="store-region">{t('region.title')}</Title>
        <Select
          label={t('region.label')}
          placeholder={t('region.none')}
          clearable
          searchable
          data={REGIONS.map((r) => ({ value: r.value, label: regionLabel(r.value, language) }))}
          value={region}
          onChange={(v) => setRegion(v as Region | null)}
        />
        <Text size="sm" c={region ? 'dimmed' : 'orange'}>{t('region.hint')}</Text>
        <ErrorAlert error={save.error} />
        <Group>
          <Button
            disabled={!changed}
            loading={save.isPending}
            onClick={() => void save.mutateAsync(region).then(() => notifications.show({ color: 'green', message: region ? t('region.saved', { region: regionLabel(region, language) }) : t('region.cleared') }), () => undefined)}
          >
            {t('common:save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
};
