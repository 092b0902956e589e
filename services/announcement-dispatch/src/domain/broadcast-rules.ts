/**
 * Store broadcast and commercial song rules (spec 03 § Store broadcast, § Commercial songs,
 * § Limits): pure decisions the use cases apply.
 */

/** Slots of the occupancy view and of the send conflict: 5-minute UTC start times. */
export const SLOT_MS = 5 * 60 * 1000;
/** At most this many active templates per store. */
export const MAX_ACTIVE_TEMPLATES = 20;
/** Recording length (seconds) and size. */
export const RECORDING_MIN_SECONDS = 1;
export const RECORDING_MAX_SECONDS = 30;
/** Commercial song duration (seconds) and title length. */
export const COMMERCIAL_MIN_SECONDS = 1;
export const COMMERCIAL_MAX_SECONDS = 3600;
/** The title of a synthesized broadcast: its text's first line, at most this long. */
export const BROADCAST_TITLE_MAX = 60;
export const RECORDING_TITLE = 'Recorded broadcast';

/** The start of the 5-minute UTC slot holding `at`. */
export const slotOf = (at: Date): Date => new Date(Math.floor(at.getTime() / SLOT_MS) * SLOT_MS);

/** Distinct slot starts of the instants, ascending, as ISO 8601 UTC strings. */
export const occupiedSlots = (instants: readonly Date[]): string[] =>
  [...new Set(instants.map((at) => slotOf(at).getTime()))].sort((a, b) => a - b).map((ms) => new Date(ms).toISOString());

/** A store reservation conflicts with an HQ-originated one when both fall in the same 5-minute slot. */
export const slotConflict = (scheduledAt: Date, hqReservations: readonly Date[]): boolean => {
  const slot = slotOf(scheduledAt).getTime();
  return hqReservations.some((at) => slotOf(at).getTime() === slot);
};

export type RecordingMime = 'audio/webm' | 'audio/mp4' | 'audio/mpeg';

const MP4_FAMILY = new Set(['mp4', 'm4a', 'm4b', 'f4a', 'f4b']);

/**
 * The accepted recording type from the sniffed signature (never from the client's header):
 * WebM (browsers' MediaRecorder, sniffed as video/webm), the MP4 family (audio/mp4, Safari's
 * recordings sniff as video/mp4 or audio/x-m4a) or MPEG audio. Anything else is unsupported.
 */
export const recordingMimeOf = (sniffed: { mime: string; ext: string } | undefined): RecordingMime | undefined => {
  if (!sniffed) return undefined;
  if (sniffed.ext === 'webm') return 'audio/webm';
  if (MP4_FAMILY.has(sniffed.ext)) return 'audio/mp4';
  if (sniffed.mime === 'audio/mpeg') return 'audio/mpeg';
  return undefined;
};

export const extensionOf = (mime: RecordingMime): string => (mime === 'audio/webm' ? 'webm' : mime === 'audio/mp4' ? 'm4a' : 'mp3');

/**
 * A recording's length is the declared one (1..30 s, checked with the request); when the audio
 * itself can be measured (MP3 frames) it must be within the limit too, with half a second of
 * rounding tolerance.
 */
export const measuredLengthProblem = (measured: number | undefined): string | undefined =>
  measured !== undefined && (measured < RECORDING_MIN_SECONDS - 0.5 || measured > RECORDING_MAX_SECONDS + 0.5)
    ? `the recording is ${measured.toFixed(1)} s long; ${RECORDING_MIN_SECONDS}..${RECORDING_MAX_SECONDS} s are allowed`
    : undefined;

/** A synthesized broadcast's title: the first non-empty line of its text, cut at 60 characters (whole code points). */
export const broadcastTitle = (text: string): string => {
  const line = text.split(/\r?\n/).map((l) => l.trim()).find((l) => l.length > 0) ?? text.trim();
  const chars = [...line];
  return chars.length <= BROADCAST_TITLE_MAX ? line : `${chars.slice(0, BROADCAST_TITLE_MAX - 1).join('')}…`;
};

/** A draft can be sent until its expiry (exclusive). */
export const draftUsable = (draft: { expiresAt: Date | null }, now: Date): boolean => draft.expiresAt !== null && now.getTime() < draft.expiresAt.getTime();

/** Commercial PATCH: which fields change (null and absent mean unchanged). */
export const commercialChanges = (
  current: { title: string; isActive: boolean },
  patch: { title?: string | null; isActive?: boolean | null },
): { title?: string; isActive?: boolean } => {
  const out: { title?: string; isActive?: boolean } = {};
  if (patch.title != null && patch.title !== current.title) out.title = patch.title;
  if (patch.isActive != null && patch.isActive !== current.isActive) out.isActive = patch.isActive;
  return out;
};
