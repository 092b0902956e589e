/** The fields of an announcement that make its audio (spec 03 § Announcements: update). */
export interface SpokenFields {
  text: string;
  voice: string;
  tonePreset: string | null | undefined;
  tempo: number | null | undefined;
}

/** Tempo as the server stores it: absent means 1.0; compared to 2 decimals (the slider's step). */
const tempoOf = (tempo: number | null | undefined) => Math.round((tempo ?? 1) * 100);

/**
 * Whether saving these values makes the server synthesize the audio again: text, voice, preset or
 * tempo differ from the stored ones. A title-only change does not.
 */
export const needsResynthesis = (stored: SpokenFields, next: SpokenFields): boolean =>
  stored.text !== next.text || stored.voice !== next.voice || (stored.tonePreset ?? 'NORMAL') !== (next.tonePreset ?? 'NORMAL') || tempoOf(stored.tempo) !== tempoOf(next.tempo);
