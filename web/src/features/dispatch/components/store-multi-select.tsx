import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useAllStores } from '../api/dispatch-api';
import '../dispatch.messages';

/**
 * Stores of the HQ to send to, searchable by name or address; every page of GET /hq/stores.
 * Closed stores are left out (a dispatch never reaches them).
 */
export const StoreMultiSelect = (props: Omit<MultiSelectProps, 'data'>) => {
  const { t } = useTranslation('dispatch');
  const stores = useAllStores();
  const data = (stores.data ?? [])
    .filter((s) => !s.closedAt)
    .map((s) => ({ value: s.id, label: s.address ? `${s.name} · ${s.address}` : s.name }));
  return (
    <>
      <MultiSelect
        label={t('stores')}
        placeholder={stores.isPending ? t('common:loading') : t('storesPlaceholder')}
        searchable
        clearable
        hidePickedOptions
        nothingFoundMessage={t('storesNothingFound')}
        data={data}
        disabled={stores.isPending}
        maxDropdownHeight={280}
        {...props}
      />
      <ErrorAlert error={stores.error} />
    </>
  );
};
