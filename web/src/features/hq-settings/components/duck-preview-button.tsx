import { Button } from '@mantine/core';
import { IconPlayerStop, IconVolume } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { duckPreviewSchedule } from '../duck-preview';
import type { DuckingValues } from '../ducking-rules';
import '../hq-settings.messages';

/** A soft chord progression (C, Am, F, G), one chord a second, stands in for the store's music. */
const CHORDS = [
  [261.63, 329.63, 392.0],
  [220.0, 261.63, 329.63],
  [174.61, 220.0, 261.63],
  [196.0, 246.94, 293.66],
];
const MASTER_LEVEL = 0.18;

/** Plays the preview on a fresh AudioContext; answers how to stop it. */
const playPreview = (values: DuckingValues, onEnd: () => void): (() => void) => {
  const schedule = duckPreviewSchedule(values);
  const ctx = new AudioContext();
  const master = ctx.createGain();
  master.gain.value = MASTER_LEVEL;
  master.connect(ctx.destination);
  const music = ctx.createGain();
  music.connect(master);
  const t0 = ctx.currentTime + 0.05;
  const at = (ms: number) => t0 + ms / 1000;
  const end = at(schedule.totalMs);

  for (const step of schedule.music) {
    if (step.kind === 'set') music.gain.setValueAtTime(step.gain, at(step.atMs));
    else music.gain.linearRampToValueAtTime(step.gain, at(step.atMs));
  }
  for (let voice = 0; voice < 3; voice++) {
    const osc = ctx.createOscillator();
    osc.type = 'triangle';
    const level = ctx.createGain();
    level.gain.setValueAtTime(0, t0);
    level.gain.linearRampToValueAtTime(0.22, t0 + 0.2);
    level.gain.setValueAtTime(0.22, end - 0.3);
    level.gain.linearRampToValueAtTime(0, end);
    osc.connect(level).connect(music);
    for (let k = 0; k * 1000 < schedule.totalMs; k++) osc.frequency.setValueAtTime(CHORDS[k % CHORDS.length]![voice]!, at(k * 1000));
    osc.start(t0);
    osc.stop(end);
  }
  // The announcement: a chime and syllable-like tones, never ducked itself.
  for (const tone of schedule.announcement.tones) {
    const osc = ctx.createOscillator();
    osc.type = 'sine';
    osc.frequency.value = tone.hz;
    const env = ctx.createGain();
    const start = at(tone.atMs);
    const stop = at(tone.atMs + tone.durationMs);
    env.gain.setValueAtTime(0, start);
    env.gain.linearRampToValueAtTime(0.9, start + 0.02);
    env.gain.setValueAtTime(0.9, stop - 0.03);
    env.gain.linearRampToValueAtTime(0, stop);
    osc.connect(env).connect(master);
    osc.start(start);
    osc.stop(stop);
  }
  const timer = setTimeout(onEnd, schedule.totalMs + 100);
  return () => {
    clearTimeout(timer);
    void ctx.close().catch(() => undefined);
  };
};

/**
 * "Listen": music ducked under a sample announcement at the chosen level and fade, as the store
 * player does it. A toggle (aria-pressed); it stops when pressed again, when the values change
 * and when the page goes away.
 */
export const DuckPreviewButton = ({ values, label }: { values: DuckingValues | null; label?: string }) => {
  const { t } = useTranslation('hq-settings');
  const stopRef = useRef<(() => void) | null>(null);
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);
  const stop = useCallback(() => {
    stopRef.current?.();
    stopRef.current = null;
    setPlaying(false);
  }, []);
  useEffect(() => stop, [stop]);
  const key = values ? `${values.duckEnabled}/${values.duckVolumePercent}/${values.duckFadeMs}` : '';
  useEffect(() => stop(), [key, stop]);

  const toggle = () => {
    if (playing) return stop();
    if (!values) return;
    try {
      stopRef.current = playPreview(values, stop);
      setPlaying(true);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  };
  return (
    <Button
      variant="light"
      leftSection={playing ? <IconPlayerStop size={16} aria-hidden /> : <IconVolume size={16} aria-hidden />}
      aria-pressed={playing}
      disabled={!values}
      color={failed ? 'red' : undefined}
      onClick={toggle}
      data-testid="duck-preview"
    >
      {playing ? t('preview.stop') : failed ? t('preview.failed') : (label ?? t('preview.listen'))}
    </Button>
  );
};
