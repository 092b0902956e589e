/** spec 03 § Limits: a recorded broadcast lasts 1 to 30 seconds and is at most 10 MB. */
export const RECORDING_MIN_SECONDS = 1;
export const RECORDING_MAX_SECONDS = 30;
export const RECORDING_MAX_BYTES = 10 * 1024 * 1024;

/** The durationSeconds to send for a recording of `ms` milliseconds (whole seconds, 1..30). */
export const recordingSeconds = (ms: number): number =>
  Math.min(RECORDING_MAX_SECONDS, Math.max(RECORDING_MIN_SECONDS, Math.round(ms / 1000)));

export type RecordingProblem = 'TOO_SHORT' | 'TOO_LARGE' | 'EMPTY';

/** What keeps a recording from being uploaded, checked before sending. */
export const recordingProblem = (ms: number, bytes: number): RecordingProblem | null => {
  if (bytes <= 0) return 'EMPTY';
  if (ms < RECORDING_MIN_SECONDS * 1000) return 'TOO_SHORT';
  if (bytes > RECORDING_MAX_BYTES) return 'TOO_LARGE';
  return null;
};

/** The recorder type: WebM (Chrome, Firefox, Edge), else MP4 (Safari); both are accepted by the server. */
export const pickRecordingType = (isSupported: (type: string) => boolean): string | undefined =>
  ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4'].find((type) => isSupported(type));

/** "0:07" for 7 seconds. */
export const formatSeconds = (seconds: number): string => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;
