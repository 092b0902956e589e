import { Button, Group, Radio } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import 'dayjs/locale/ko';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { kstToday, rangeProblem, type LogFilters, type LogSource } from '../log-filters';
import { StoreSelect } from './store-select';
import '../hq-playback.messages';

/** Store, KST day range and trust-only / all: what the list and the export both use. */
export const LogFilterBar = ({ filters, onChange }: { filters: LogFilters; onChange: (change: Partial<LogFilters>) => void }) => {
  const { t } = useTranslation('hq-playback');
  const problem = rangeProblem(filters);
  const filtered = Boolean(filters.storeId || filters.from || filters.to || filters.source !== 'TRUST');
  return (
    <Group align="flex-end" gap="md">
      <StoreSelect value={filters.storeId} onChange={(storeId) => onChange({ storeId })} />
      <DatesProvider settings={{ locale: currentLanguage() }}>
        <DatePickerInput
          type="range"
          label={t('filters.days')}
          placeholder={t('filters.daysPlaceholder')}
          valueFormat="YYYY-MM-DD"
          allowSingleDateInRange
          clearable
          maxDate={kstToday()}
          value={[filters.from, filters.to]}
          onChange={([from, to]) => onChange({ from: from ?? null, to: to ?? null })}
          error={problem ? t(`filters.${problem}`) : undefined}
          miw={260}
        />
      </DatesProvider>
      <Radio.Group label={t('filters.music')} value={filters.source} onChange={(source) => onChange({ source: source as LogSource })}>
        <Group gap="md" h={36}>
          <Radio value="TRUST" label={t('filters.sourceTrust')} />
          <Radio value="ALL" label={t('filters.sourceAll')} />
        </Group>
      </Radio.Group>
      {filtered && (
        <Button variant="subtle" onClick={() => onChange({ storeId: null, from: null, to: null, source: 'TRUST' })}>{t('filters.clear')}</Button>
      )}
    </Group>
  );
};
