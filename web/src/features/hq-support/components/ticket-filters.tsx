import { Group, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Q_MAX, TICKET_CATEGORIES, TICKET_STATUSES, useStoreSearch, type TicketCategory, type TicketStatus } from '../api/support-api';
import '../hq-support.messages';

export interface FilterValues {
  q: string;
  status: TicketStatus | null;
  category: TicketCategory | null;
  storeId?: string | null;
}

/** Title search (at most 100 characters), status and category; the store too for store tickets. */
export const TicketFilters = ({ value, onChange, withStore }: { value: FilterValues; onChange: (next: FilterValues) => void; withStore?: boolean }) => {
  const { t } = useTranslation('hq-support');
  return (
    <Group align="flex-start" grow>
      <TextInput
        label={t('search')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={value.q}
        error={value.q.length > Q_MAX ? t('searchTooLong') : undefined}
        onChange={(e) => onChange({ ...value, q: e.currentTarget.value })}
      />
      <Select
        label={t('statusFilter')}
        placeholder={t('all')}
        clearable
        data={TICKET_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        value={value.status}
        onChange={(v) => onChange({ ...value, status: v as TicketStatus | null })}
      />
      <Select
        label={t('categoryFilter')}
        placeholder={t('all')}
        clearable
        data={TICKET_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) }))}
        value={value.category}
        onChange={(v) => onChange({ ...value, category: v as TicketCategory | null })}
      />
      {withStore && <StoreSelect value={value.storeId ?? null} onChange={(storeId) => onChange({ ...value, storeId })} />}
    </Group>
  );
};

/** The HQ's stores, searched by name on the server as the person types. */
const StoreSelect = ({ value, onChange }: { value: string | null; onChange: (id: string | null) => void }) => {
  const { t } = useTranslation('hq-support');
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const [q] = useDebouncedValue(search, 300);
  const stores = useStoreSearch(picked && search === picked.label ? '' : q.slice(0, Q_MAX));
  const data = useMemo(() => {
    const options = (stores.data?.items ?? []).map((s) => ({ value: s.id, label: s.name }));
    // The chosen store stays an option while another search is shown.
    if (picked && value === picked.value && !options.some((o) => o.value === picked.value)) options.unshift(picked);
    return options;
  }, [stores.data, picked, value]);
  return (
    <Select
      label={t('storeFilter')}
      placeholder={t('all')}
      clearable
      searchable
      filter={({ options }) => options}
      nothingFoundMessage={t('storeSearchEmpty')}
      data={data}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id, option) => {
        setPicked(id && option ? { value: id, label: option.label } : null);
        onChange(id);
      }}
    />
  );
};
