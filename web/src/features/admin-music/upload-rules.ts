import { hasMp3Signature } from '../commercials/mp3-rules';

/**
 * What a music file must be before it is sent (spec 02 § Music catalog, § Limits, § Errors): an
 * MP3 of at most 20 MB with a title of 1..200 characters. The server checks the same again; these
 * rules name the spec's error code the server would answer, so a file that cannot pass is never sent.
 */
export const MUSIC_MAX_BYTES = 20 * 1024 * 1024;
export const MUSIC_TITLE_MAX = 200;
/** The server's bound of durationSeconds (positive, at most a day). */
export const MUSIC_MAX_SECONDS = 86_400;
export const MUSIC_SOURCES = ['AI', 'TRUST'] as const;
export type MusicSource = (typeof MUSIC_SOURCES)[number];

export type FileReason = 'EMPTY' | 'TOO_LARGE' | 'NOT_MP3' | 'NO_AUDIO' | 'TOO_LONG';
/** The spec's error code of a file problem, and which of the code's cases it is. */
export interface FileProblem {
  code: 'MUSIC_INVALID_FIELD' | 'METADATA_PARSE_FAILED';
  reason: FileReason;
}

const CODE_OF: Record<FileReason, FileProblem['code']> = {
  EMPTY: 'MUSIC_INVALID_FIELD',
  TOO_LARGE: 'MUSIC_INVALID_FIELD',
  TOO_LONG: 'MUSIC_INVALID_FIELD',
  NOT_MP3: 'METADATA_PARSE_FAILED',
  NO_AUDIO: 'METADATA_PARSE_FAILED',
};
export const problemOf = (reason: FileReason): FileProblem => ({ code: CODE_OF[reason], reason });

/** Size and signature, checked before the file is read whole (empty, over 20 MB: MUSIC_INVALID_FIELD; not an MP3: METADATA_PARSE_FAILED). */
export const earlyFileProblem = (file: { size: number }, head: Uint8Array): FileProblem | null => {
  if (file.size <= 0) return problemOf('EMPTY');
  if (file.size > MUSIC_MAX_BYTES) return problemOf('TOO_LARGE');
  if (!hasMp3Signature(head)) return problemOf('NOT_MP3');
  return null;
};

/** The whole seconds sent as durationSeconds, or the problem: no MPEG frames, or longer than the server accepts. */
export const durationProblem = (seconds: number | null): { seconds: number } | { problem: FileProblem } => {
  if (seconds === null || seconds <= 0) return { problem: problemOf('NO_AUDIO') };
  const whole = Math.max(1, Math.round(seconds));
  if (whole > MUSIC_MAX_SECONDS) return { problem: problemOf('TOO_LONG') };
  return { seconds: whole };
};

/** The direct limit: the same value as lib/files/upload-with-progress TICKET_FLOW_FROM_BYTES (kept here so this file needs no browser). */
export const DIRECT_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** Files above the direct limit go through an upload ticket, as lib/files/upload-with-progress sends them. */
export const uploadRoute = (size: number): 'DIRECT' | 'TICKET' => (size > DIRECT_UPLOAD_MAX_BYTES ? 'TICKET' : 'DIRECT');

/** "Night drive.mp3" → "Night drive": the title a dropped file starts with, cut to 200 characters. */
export const titleFromFileName = (name: string): string => {
  const base = name.replace(/\.[^./\\]{1,5}$/, '').replace(/[_]+/g, ' ').trim();
  return (base || name.trim()).slice(0, MUSIC_TITLE_MAX);
};

export const titleProblem = (title: string): 'REQUIRED' | 'TOO_LONG' | null => {
  const trimmed = title.trim();
  if (!trimmed) return 'REQUIRED';
  if (trimmed.length > MUSIC_TITLE_MAX) return 'TOO_LONG';
  return null;
};

/** 21 × 1024 × 1024 → "21.0 MB", 1536 → "1.5 KB". */
export const formatBytes = (bytes: number): string => {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} B`;
};

/** A row of the upload list, in the order it moves: checked on drop, then waiting, sending, and done or failed. */
export type UploadStatus = 'CHECKING' | 'INVALID' | 'READY' | 'UPLOADING' | 'DONE' | 'FAILED';

/** Which rows a press of "upload" sends: ready ones, and failed ones again (a failure never blocks the others). */
export const isSendable = (status: UploadStatus): boolean => status === 'READY' || status === 'FAILED';

/** The counts shown above the list. */
export const uploadCounts = (statuses: readonly UploadStatus[]) => ({
  total: statuses.length,
  done: statuses.filter((s) => s === 'DONE').length,
  failed: statuses.filter((s) => s === 'FAILED' || s === 'INVALID').length,
  pending: statuses.filter((s) => s === 'READY' || s === 'CHECKING' || s === 'UPLOADING').length,
});

/** The percentage of a progress report, 0..100. */
export const percentOf = (progress: { loaded: number; total: number } | null | undefined): number =>
  progress && progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : 0;
