import { describe, expect, it } from 'vitest';
import { allowedPreset, presetName, voiceName } from './voice-names';

describe('voice and preset names', () => {
  const entry = { voiceDisplayName: '애란 (여성, 부드러운)', voiceDisplayNames: { ko: '애란 (여성, 부드러운)', en: 'Aeran (female, soft)' } };

  it('shows the name of the console language', () => {
    expect(voiceName(entry, 'en', 'AERAN')).toBe('Aeran (female, soft)');
    expect(voiceName(entry, 'ko', 'AERAN')).toBe('애란 (여성, 부드러운)');
  });

  it('falls back to the single display name, then the code', () => {
    expect(voiceName({ voiceDisplayName: '애란' }, 'en', 'AERAN')).toBe('애란');
    expect(voiceName({ voiceDisplayName: '애란', voiceDisplayNames: { ko: '애란', en: '' } }, 'en', 'AERAN')).toBe('애란');
    expect(voiceName(undefined, 'en', 'AERAN')).toBe('AERAN');
    expect(presetName({ presetDisplayName: '차분하게', presetDisplayNames: { ko: '차분하게', en: 'Calm' } }, 'en', 'CALM')).toBe('Calm');
  });

  it('keeps a preset the voice allows and falls back to NORMAL otherwise', () => {
    expect(allowedPreset(['NORMAL', 'CALM'], 'CALM')).toBe('CALM');
    expect(allowedPreset(['NORMAL', 'CALM'], 'URGENT')).toBe('NORMAL');
    expect(allowedPreset(['NORMAL', 'CALM'], null)).toBe('NORMAL');
  });
});
