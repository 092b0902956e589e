import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VOICES } from '../api/broadcast-api';
import '../broadcast.messages';

/** The five TTS voices with their names in the person's language. */
export const VoiceSelect = (props: Omit<SelectProps, 'data'>) => {
  const { t } = useTranslation('broadcast');
  return <Select label={t('voice')} allowDeselect={false} {...props} data={VOICES.map((v) => ({ value: v, label: t(`voices.${v}`) }))} />;
};
