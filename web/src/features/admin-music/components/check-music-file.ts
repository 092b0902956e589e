import { measureMp3Seconds } from '../../commercials/mp3-rules';
import { durationProblem, earlyFileProblem, type FileProblem } from '../upload-rules';

export type CheckedFile = { durationSeconds: number; problem: null } | { durationSeconds: null; problem: FileProblem };

/** Size and signature first (a 2 GB video is never read), then the MPEG frames for the whole seconds sent as durationSeconds. */
export const checkMusicFile = async (file: File): Promise<CheckedFile> => {
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  const early = earlyFileProblem(file, head);
  if (early) return { durationSeconds: null, problem: early };
  const measured = durationProblem(measureMp3Seconds(new Uint8Array(await file.arrayBuffer())));
  return 'problem' in measured ? { durationSeconds: null, problem: measured.problem } : { durationSeconds: measured.seconds, problem: null };
};
