import { Button, type ButtonProps } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Plays one audio file (an announcement, a commercial song, a track) and stops it again: a toggle
 * button with aria-pressed, so a screen reader says whether it is playing. Only one plays at a
 * time on a page: starting one stops the others.
 */
export const ListenButton = ({ src, label, stopLabel, onError, ...button }: Omit<ButtonProps, 'children' | 'onClick' | 'onError'> & {
  /** The audio URL (presigned media), or null while there is none. */
  src: string | null | undefined;
  label?: string;
  stopLabel?: string;
  onError?: (error: unknown) => void;
}) => {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => () => stopAudio(audio.current), []);
  useEffect(() => {
    stopAudio(audio.current);
    audio.current = null;
    setPlaying(false);
    setFailed(false);
  }, [src]);

  const toggle = () => {
    if (!src) return;
    if (playing && audio.current) {
      stopAudio(audio.current);
      setPlaying(false);
      return;
    }
    stopOthers();
    const element = audio.current ?? new Audio(src);
    audio.current = element;
    element.onended = () => setPlaying(false);
    element.onerror = () => {
      setPlaying(false);
      setFailed(true);
      onError?.(element.error);
    };
    element.currentTime = 0;
    playingNow.add(element);
    element.play().then(() => setPlaying(true), (err: unknown) => {
      setPlaying(false);
      setFailed(true);
      onError?.(err);
    });
  };

  return (
    <Button
      variant="light"
      size="xs"
      leftSection={playing ? <IconPlayerStop size={16} aria-hidden /> : <IconPlayerPlay size={16} aria-hidden />}
      aria-pressed={playing}
      disabled={!src}
      color={failed ? 'red' : undefined}
      onClick={toggle}
      {...button}
    >
      {playing ? (stopLabel ?? t('listen.stop')) : failed ? t('listen.failed') : (label ?? t('listen.play'))}
    </Button>
  );
};

const playingNow = new Set<HTMLAudioElement>();

const stopAudio = (element: HTMLAudioElement | null) => {
  if (!element) return;
  element.pause();
  playingNow.delete(element);
};

const stopOthers = () => {
  for (const element of [...playingNow]) {
    element.pause();
    element.dispatchEvent(new Event('ended'));
    playingNow.delete(element);
  }
};
