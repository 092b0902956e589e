import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/errors/api-error';
import { useStoreOptions } from '../api/playback-api';
import '../hq-playback.messages';

/** One store of the HQ, or all of them (empty). */
export const StoreSelect = ({ value, onChange }: { value: string | null; onChange: (storeId: string | null) => void }) => {
  const { t } = useTranslation('hq-playback');
  const stores = useStoreOptions();
  return (
    <Select
      label={t('filters.store')}
      placeholder={stores.isPending ? t('filters.storesLoading') : t('filters.allStores')}
      data={(stores.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
      value={value}
      onChange={onChange}
      searchable
      clearable
      nothingFoundMessage={t('filters.noStore')}
      error={stores.error ? describeError(stores.error) : undefined}
      miw={220}
    />
  );
};
