import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { common } from './common.messages';

export const LANGUAGES = ['ko', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each feature's texts in both languages, registered as its own namespace. */
export interface Messages {
  ko: Record<string, unknown>;
  en: Record<string, unknown>;
}

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: { ko: { common: common.ko }, en: { common: common.en } },
    defaultNS: 'common',
    fallbackLng: 'ko',
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    interpolation: { escapeValue: false },
    // The browser's language by default; a choice made in the app is kept across visits.
    detection: { order: ['localStorage', 'navigator'], lookupLocalStorage: 'storecast.language', caches: ['localStorage'] },
    initAsync: false,
  });

const syncDocumentLanguage = (lng: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng.startsWith('en') ? 'en' : 'ko';
};
syncDocumentLanguage(i18n.resolvedLanguage ?? 'ko');
i18n.on('languageChanged', syncDocumentLanguage);

export const registerMessages = (namespace: string, messages: Messages): void => {
  for (const lng of LANGUAGES) {
    if (!i18n.hasResourceBundle(lng, namespace)) i18n.addResourceBundle(lng, namespace, messages[lng], true, false);
  }
};

export const currentLanguage = (): Language => ((i18n.resolvedLanguage ?? i18n.language ?? 'ko').startsWith('en') ? 'en' : 'ko');

export { i18n };
