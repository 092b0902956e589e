import type { Language } from '../../lib/i18n';

/** A voice or preset as the voice list describes it; the names per language may be missing on older servers. */
interface Named {
  voiceDisplayName?: string;
  voiceDisplayNames?: Partial<Record<Language, string>> | null;
  presetDisplayName?: string;
  presetDisplayNames?: Partial<Record<Language, string>> | null;
}

const pick = (names: Partial<Record<Language, string>> | null | undefined, fallback: string | undefined, language: Language, code: string): string =>
  names?.[language]?.trim() || fallback?.trim() || code;

/** The voice's name in the console's language, else the server's single (Korean) name, else its code. */
export const voiceName = (entry: Named | undefined, language: Language, code: string): string =>
  pick(entry?.voiceDisplayNames, entry?.voiceDisplayName, language, code);

/** The preset's name in the console's language, else the server's single name, else its code. */
export const presetName = (entry: Named | undefined, language: Language, code: string): string =>
  pick(entry?.presetDisplayNames, entry?.presetDisplayName, language, code);

/** The presets a voice allows (NORMAL always among them); a preset the voice does not allow falls back to NORMAL. */
export const allowedPreset = <P extends string>(presets: readonly P[], wanted: P | null | undefined): P | 'NORMAL' =>
  wanted && presets.includes(wanted) ? wanted : 'NORMAL';
