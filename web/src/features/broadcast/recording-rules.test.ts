import { describe, expect, it } from 'vitest';
import { formatSeconds, pickRecordingType, recordingProblem, recordingSeconds } from './recording-rules';

describe('recording rules', () => {
  it('sends whole seconds within 1..30', () => {
    expect(recordingSeconds(400)).toBe(1);
    expect(recordingSeconds(1_400)).toBe(1);
    expect(recordingSeconds(1_600)).toBe(2);
    expect(recordingSeconds(30_000)).toBe(30);
    expect(recordingSeconds(30_900)).toBe(30);
  });

  it('refuses empty, shorter than a second and over 10 MB', () => {
    expect(recordingProblem(5_000, 0)).toBe('EMPTY');
    expect(recordingProblem(999, 1000)).toBe('TOO_SHORT');
    expect(recordingProblem(5_000, 10 * 1024 * 1024 + 1)).toBe('TOO_LARGE');
    expect(recordingProblem(1_000, 10 * 1024 * 1024)).toBeNull();
  });

  it('prefers WebM and falls back to MP4', () => {
    expect(pickRecordingType(() => true)).toBe('audio/webm;codecs=opus');
    expect(pickRecordingType((t) => t === 'audio/mp4')).toBe('audio/mp4');
    expect(pickRecordingType(() => false)).toBeUndefined();
  });

  it('formats the elapsed time', () => {
    expect(formatSeconds(0)).toBe('0:00');
    expect(formatSeconds(7.9)).toBe('0:07');
    expect(formatSeconds(30)).toBe('0:30');
  });
});
