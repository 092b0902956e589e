import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Q_MAX, TICKET_CATEGORIES, TICKET_STATUSES, type TicketCategory, type TicketStatus } from '../../tickets/ticket-limits';
import { useHqs, useOperators, useStoreSearch } from '../api/admin-tickets-api';
import { isFiltered, NO_FILTERS, TICKET_PRIORITIES, type AdminTicketFilters, type TicketPriority } from '../ticket-list-params';
import '../admin-tickets.messages';

/** Title search (debounced, at most 100), status, priority, category, assignee, HQ and store. */
export const TicketListFilters = ({ value, onChange }: { value: AdminTicketFilters; onChange: (next: AdminTicketFilters) => void }) => {
  const { t } = useTranslation('admin-tickets');
  const [q, setQ] = useState(value.q);
  const [debouncedQ] = useDebouncedValue(q, 300);
  const operators = useOperators();
  const hqs = useHqs();
  const set = (patch: Partial<AdminTicketFilters>) => onChange({ ...value, ...patch, page: 0 });

  // The typed search reaches the URL once typing pauses (a search over 100 characters is not sent).
  useEffect(() => {
    if (debouncedQ !== value.q && debouncedQ.length <= Q_MAX) set({ q: debouncedQ });
  }, [debouncedQ]);

  const operatorOptions = useMemo(() => (operators.data?.items ?? []).map((o) => ({ value: o.id, label: o.name ?? o.email })), [operators.data]);
  const hqOptions = useMemo(() => (hqs.data?.items ?? []).map((h) => ({ value: h.id, label: h.name })), [hqs.data]);

  return (
    <SimpleGrid component="section" aria-label={t('filters')} cols={{ base: 1, sm: 2, lg: 4 }}>
      <TextInput
        label={t('search')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={q}
        error={q.length > Q_MAX ? t('searchTooLong') : undefined}
        onChange={(e) => setQ(e.currentTarget.value)}
      />
      <Select
        label={t('statusFilter')}
        placeholder={t('all')}
        clearable
        data={TICKET_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        value={value.status}
        onChange={(v) => set({ status: v as TicketStatus | null })}
      />
      <Select
        label={t('priorityFilter')}
        placeholder={t('all')}
        clearable
        data={TICKET_PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))}
        value={value.priority}
        onChange={(v) => set({ priority: v as TicketPriority | null })}
      />
      <Select
        label={t('categoryFilter')}
        placeholder={t('all')}
        clearable
        data={TICKET_CATEGORIES.map((c) => ({ value: c, label: t(`tickets:category.${c}`) }))}
        value={value.category}
        onChange={(v) => set({ category: v as TicketCategory | null })}
      />
      <Select
        label={t('assigneeFilter')}
        placeholder={t('all')}
        clearable
        searchable
        data={operatorOptions}
        value={value.assigneeOperatorId}
        onChange={(v) => set({ assigneeOperatorId: v })}
      />
      <Select
        label={t('hqFilter')}
        placeholder={t('all')}
        clearable
        searchable
        data={hqOptions}
        value={value.hqId}
        // Another HQ's store would match nothing: the store filter goes with the HQ.
        onChange={(v) => set({ hqId: v, storeId: null })}
      />
      <StoreSelect hqId={value.hqId} value={value.storeId} onChange={(storeId) => set({ storeId })} />
      <Group align="flex-end">
        <Button variant="default" disabled={!isFiltered(value)} onClick={() => { setQ(''); onChange(NO_FILTERS); }}>{t('clearFilters')}</Button>
      </Group>
    </SimpleGrid>
  );
};

/** Stores (of the chosen HQ, if any) searched by name on the server as the person types. */
const StoreSelect = ({ hqId, value, onChange }: { hqId: string | null; value: string | null; onChange: (id: string | null) => void }) => {
  const { t } = useTranslation('admin-tickets');
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const [q] = useDebouncedValue(search, 300);
  const stores = useStoreSearch(hqId, picked && search === picked.label ? '' : q.slice(0, Q_MAX));
  const data = useMemo(() => {
    const options = (stores.data?.items ?? []).map((s) => ({ value: s.id, label: s.name }));
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
