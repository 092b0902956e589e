/**
 * Voices and tone presets (spec 03 § Announcements). The five voices are the spec's; the six
 * presets are NORMAL plus five named here (the spec does not show them). Each voice allows a
 * subset of presets, always including NORMAL; the voice list endpoint publishes the subsets.
 */
export const TTS_VOICES = ['SHEAN', 'WOOSUNG', 'CYRUS', 'AERAN', 'SEUNGA'] as const;
export type TtsVoice = (typeof TTS_VOICES)[number];

export const TTS_TONE_PRESETS = ['NORMAL', 'BRIGHT', 'CALM', 'FRIENDLY', 'SERIOUS', 'URGENT'] as const;
export type TtsTonePreset = (typeof TTS_TONE_PRESETS)[number];

export const TEMPO_MIN = 0.5;
export const TEMPO_MAX = 2;
export const TEMPO_DEFAULT = 1;

/** What a console shows for a voice or preset, per language (Korean is the one shown so far). */
export interface DisplayNames {
  ko: string;
  en: string;
}

interface VoiceSpec {
  displayNames: DisplayNames;
  /** espeak-ng variant: m = male, f = female timbres (they sound different). */
  variant: string;
  /** Base pitch 0..99 (espeak's default is 50). */
  pitch: number;
  presets: readonly TtsTonePreset[];
}

export const VOICES: Readonly<Record<TtsVoice, VoiceSpec>> = {
  SHEAN: { displayNames: { ko: '시안 (여성, 밝은)', en: 'Shean (female, bright)' }, variant: 'f3', pitch: 62, presets: TTS_TONE_PRESETS },
  WOOSUNG: { displayNames: { ko: '우성 (남성, 낮은)', en: 'Woosung (male, low)' }, variant: 'm3', pitch: 32, presets: ['NORMAL', 'CALM', 'SERIOUS'] },
  CYRUS: { displayNames: { ko: '사이러스 (남성)', en: 'Cyrus (male)' }, variant: 'm1', pitch: 45, presets: ['NORMAL', 'FRIENDLY', 'SERIOUS', 'URGENT'] },
  AERAN: { displayNames: { ko: '애란 (여성, 부드러운)', en: 'Aeran (female, soft)' }, variant: 'f2', pitch: 55, presets: ['NORMAL', 'BRIGHT', 'CALM', 'FRIENDLY'] },
  SEUNGA: { displayNames: { ko: '승아 (여성)', en: 'Seunga (female)' }, variant: 'f4', pitch: 70, presets: ['NORMAL', 'BRIGHT', 'FRIENDLY', 'URGENT'] },
};

interface PresetSpec {
  displayNames: DisplayNames;
  /** Added to the voice pitch. */
  pitchOffset: number;
  /** Multiplies the speaking rate (before the announcement's tempo). */
  speed: number;
  /** espeak amplitude 0..200 (default 100). */
  amplitude: number;
}

export const PRESETS: Readonly<Record<TtsTonePreset, PresetSpec>> = {
  NORMAL: { displayNames: { ko: '기본', en: 'Normal' }, pitchOffset: 0, speed: 1, amplitude: 100 },
  BRIGHT: { displayNames: { ko: '밝게', en: 'Bright' }, pitchOffset: 12, speed: 1.05, amplitude: 110 },
  CALM: { displayNames: { ko: '차분하게', en: 'Calm' }, pitchOffset: -8, speed: 0.9, amplitude: 90 },
  FRIENDLY: { displayNames: { ko: '친근하게', en: 'Friendly' }, pitchOffset: 6, speed: 1, amplitude: 105 },
  SERIOUS: { displayNames: { ko: '진지하게', en: 'Serious' }, pitchOffset: -12, speed: 0.95, amplitude: 100 },
  URGENT: { displayNames: { ko: '긴급하게', en: 'Urgent' }, pitchOffset: 8, speed: 1.2, amplitude: 130 },
};

export const voiceDisplayNames = (voice: TtsVoice): DisplayNames => VOICES[voice].displayNames;
export const presetDisplayNames = (preset: TtsTonePreset): DisplayNames => PRESETS[preset].displayNames;
/** The single display name older clients read: the Korean one. */
export const voiceDisplayName = (voice: TtsVoice) => voiceDisplayNames(voice).ko;
export const presetDisplayName = (preset: TtsTonePreset) => presetDisplayNames(preset).ko;
export const presetAllowed = (voice: TtsVoice, preset: TtsTonePreset) => VOICES[voice].presets.includes(preset);

/** espeak-ng's default rate in words per minute, scaled by preset and tempo. */
const BASE_WPM = 165;

export interface EspeakParameters {
  voice: string;
  pitch: number;
  wordsPerMinute: number;
  amplitude: number;
}

/** Korean text (any Hangul) is spoken with espeak's Korean voice, everything else with English. */
export const languageOf = (text: string): 'ko' | 'en-us' => (/[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/.test(text) ? 'ko' : 'en-us');

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** How the local engine speaks one announcement: distinct timbre and pitch per voice. */
export const espeakParameters = (input: { text: string; voice: TtsVoice; tonePreset: TtsTonePreset; tempo: number }): EspeakParameters => {
  const voice = VOICES[input.voice];
  const preset = PRESETS[input.tonePreset];
  return {
    voice: `${languageOf(input.text)}+${voice.variant}`,
    pitch: clamp(Math.round(voice.pitch + preset.pitchOffset), 0, 99),
    // espeak-ng accepts 80..450 wpm.
    wordsPerMinute: clamp(Math.round(BASE_WPM * preset.speed * input.tempo), 80, 450),
    amplitude: clamp(preset.amplitude, 0, 200),
  };
};
