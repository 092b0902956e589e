import { useCallback, useRef, useState } from 'react';
import type { UploadProgress } from '../../../lib/files/upload-with-progress';
import { uploadMusic, type Music } from '../api/music-api';
import { isSendable, problemOf, titleFromFileName, type FileProblem, type MusicSource, type UploadStatus } from '../upload-rules';
import { checkMusicFile } from './check-music-file';

export interface UploadRow {
  key: string;
  file: File;
  title: string;
  status: UploadStatus;
  durationSeconds: number | null;
  /** Why the file cannot be sent, found before sending (the spec's code). */
  problem: FileProblem | null;
  /** The server's refusal of a sent file. */
  error: unknown;
  progress: UploadProgress | null;
  music: Music | null;
}

/** Two files at a time: the machine and the gateway share the bandwidth, and each row still moves. */
const PARALLEL = 2;
let counter = 0;

/**
 * The files of one upload page: each is checked on arrival, then sent on its own (small ones
 * directly, large ones with a ticket), with its own progress, answer or error; one failure never
 * stops the others.
 */
export const useUploadQueue = () => {
  const [rows, setRows] = useState<UploadRow[]>([]);
  const [running, setRunning] = useState(false);
  const latest = useRef<UploadRow[]>([]);
  latest.current = rows;

  const patch = useCallback((key: string, change: Partial<UploadRow>) => {
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));
  }, []);

  const add = useCallback((files: readonly File[]) => {
    const added = files.map((file): UploadRow => ({
      key: `f${++counter}`,
      file,
      title: titleFromFileName(file.name),
      status: 'CHECKING',
      durationSeconds: null,
      problem: null,
      error: null,
      progress: null,
      music: null,
    }));
    setRows((all) => [...all, ...added]);
    for (const row of added) {
      void checkMusicFile(row.file)
        .catch(() => ({ durationSeconds: null, problem: problemOf('NOT_MP3') }))
        .then((checked) => patch(row.key, checked.problem ? { status: 'INVALID', problem: checked.problem } : { status: 'READY', durationSeconds: checked.durationSeconds }));
    }
  }, [patch]);

  const remove = useCallback((key: string) => setRows((all) => all.filter((r) => r.key !== key)), []);
  const setTitle = useCallback((key: string, title: string) => patch(key, { title }), [patch]);
  const clearFinished = useCallback(() => setRows((all) => all.filter((r) => r.status !== 'DONE' && r.status !== 'INVALID')), []);

  /** Sends every sendable row; resolves with the tracks stored by this run. */
  const send = useCallback(async (musicSource: MusicSource): Promise<Music[]> => {
    const queue = latest.current.filter((r) => isSendable(r.status) && r.durationSeconds !== null);
    const stored: Music[] = [];
    setRunning(true);
    const worker = async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        const { key } = row;
        patch(key, { status: 'UPLOADING', error: null, progress: { loaded: 0, total: row.file.size } });
        try {
          const music = await uploadMusic({
            file: row.file,
            title: row.title.trim(),
            durationSeconds: row.durationSeconds!,
            musicSource,
            onProgress: (progress) => patch(key, { progress }),
          });
          stored.push(music);
          patch(key, { status: 'DONE', music, progress: { loaded: row.file.size, total: row.file.size } });
        } catch (error) {
          patch(key, { status: 'FAILED', error, progress: null });
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: PARALLEL }, worker));
    } finally {
      setRunning(false);
    }
    return stored;
  }, [patch]);

  return { rows, running, add, remove, setTitle, clearFinished, send };
};
