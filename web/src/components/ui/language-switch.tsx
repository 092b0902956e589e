import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';

/** Korean / English, kept in local storage by the i18n detector. */
export const LanguageSwitch = () => {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('language')}
      value={currentLanguage()}
      onChange={(lng) => void i18n.changeLanguage(lng)}
      data={[
        { value: 'ko', label: t('languages.ko') },
        { value: 'en', label: t('languages.en') },
      ]}
    />
  );
};
