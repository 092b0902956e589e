import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { useVoices, type TonePreset, type Voice } from '../api/announcements-api';
import { presetName, voiceName } from '../voice-names';

/**
 * Voice and preset names in the console's language from the voice list; the single name an
 * announcement carries (voiceDisplayName, Korean) is the fallback while the list loads or lacks one.
 */
export const useVoiceNames = () => {
  useTranslation(); // re-render when the language changes
  const voices = useVoices();
  const language = currentLanguage();
  const byVoice = new Map((voices.data?.voices ?? []).map((v) => [v.voice, v]));
  return {
    voices,
    voice: (code: Voice, fallback?: string) => voiceName(byVoice.get(code) ?? { voiceDisplayName: fallback }, language, code),
    preset: (voice: Voice, code: TonePreset, fallback?: string) =>
      presetName(byVoice.get(voice)?.presets.find((p) => p.preset === code) ?? { presetDisplayName: fallback }, language, code),
  };
};
