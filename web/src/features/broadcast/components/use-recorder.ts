import { useCallback, useEffect, useRef, useState } from 'react';
import { pickRecordingType, RECORDING_MAX_SECONDS } from '../recording-rules';

export type RecorderStatus = 'idle' | 'requesting' | 'recording' | 'recorded';
export type RecorderProblem = 'UNSUPPORTED' | 'DENIED';

export interface Recording {
  blob: Blob;
  url: string;
  ms: number;
}

const isSupported = () => typeof window !== 'undefined' && 'MediaRecorder' in window && typeof navigator.mediaDevices?.getUserMedia === 'function';

/**
 * The microphone as a MediaRecorder (WebM, else MP4): elapsed time while recording, a stop by
 * itself at 30 seconds, and the recording as a Blob with an object URL to listen to.
 */
export const useRecorder = (maxMs = RECORDING_MAX_SECONDS * 1000) => {
  const [status, setStatus] = useState<RecorderStatus>('idle');
  const [elapsedMs, setElapsedMs] = useState(0);
  const [recording, setRecording] = useState<Recording | null>(null);
  const [problem, setProblem] = useState<RecorderProblem | null>(isSupported() ? null : 'UNSUPPORTED');
  const recorderRef = useRef<MediaRecorder | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const tickRef = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const limitRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const urlRef = useRef<string | null>(null);

  const release = useCallback(() => {
    clearInterval(tickRef.current);
    clearTimeout(limitRef.current);
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
  }, []);

  const forget = useCallback(() => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = null;
    setRecording(null);
  }, []);

  const stop = useCallback(() => {
    if (recorderRef.current?.state === 'recording') recorderRef.current.stop();
  }, []);

  const start = useCallback(async () => {
    if (!isSupported()) {
      setProblem('UNSUPPORTED');
      return;
    }
    forget();
    setProblem(null);
    setElapsedMs(0);
    setStatus('requesting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setProblem('DENIED');
      setStatus('idle');
      return;
    }
    streamRef.current = stream;
    const type = pickRecordingType((t) => MediaRecorder.isTypeSupported(t));
    const recorder = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
    recorderRef.current = recorder;
    const chunks: Blob[] = [];
    const startedAt = performance.now();
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      const ms = Math.min(maxMs, performance.now() - startedAt);
      release();
      const blob = new Blob(chunks, { type: (recorder.mimeType || type || 'audio/webm').split(';')[0] });
      const url = URL.createObjectURL(blob);
      urlRef.current = url;
      setRecording({ blob, url, ms });
      setElapsedMs(ms);
      setStatus('recorded');
    };
    recorder.start(250);
    tickRef.current = setInterval(() => setElapsedMs(Math.min(maxMs, performance.now() - startedAt)), 200);
    limitRef.current = setTimeout(() => stop(), maxMs);
    setStatus('recording');
  }, [forget, maxMs, release, stop]);

  const reset = useCallback(() => {
    stop();
    forget();
    setElapsedMs(0);
    setStatus('idle');
  }, [forget, stop]);

  // Leaving the page: the microphone goes off and the object URL is freed.
  useEffect(
    () => () => {
      const recorder = recorderRef.current;
      if (recorder && recorder.state === 'recording') {
        recorder.onstop = null;
        recorder.stop();
      }
      release();
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [release],
  );

  return { status, elapsedMs, recording, problem, start, stop, reset, maxMs };
};
