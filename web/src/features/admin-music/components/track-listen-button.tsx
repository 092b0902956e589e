import { Button } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetchMusic } from '../api/music-api';
import '../admin-music.messages';

/** The one track playing on the page: starting another stops it. */
let current: { audio: HTMLAudioElement; stop: () => void } | null = null;

/**
 * The player of a list row: the list carries no audio URL (spec 02), so the first press reads
 * the track's detail for its presigned URL, then plays; a second press stops. aria-pressed tells
 * a screen reader whether it plays.
 */
export const TrackListenButton = ({ musicId, title }: { musicId: string; title: string }) => {
  const { t } = useTranslation('admin-music');
  const fetchMusic = useFetchMusic();
  const audio = useRef<HTMLAudioElement | null>(null);
  const [state, setState] = useState<'IDLE' | 'LOADING' | 'PLAYING' | 'FAILED'>('IDLE');

  useEffect(() => () => {
    if (audio.current) audio.current.pause();
    if (current?.audio === audio.current) current = null;
  }, []);

  const stop = () => {
    audio.current?.pause();
    if (current?.audio === audio.current) current = null;
    setState('IDLE');
  };

  const play = async () => {
    current?.stop();
    setState('LOADING');
    try {
      const music = await fetchMusic(musicId);
      const element = new Audio(music.audioUrl);
      audio.current = element;
      element.onended = () => stop();
      element.onerror = () => setState('FAILED');
      current = { audio: element, stop };
      await element.play();
      setState('PLAYING');
    } catch {
      setState('FAILED');
    }
  };

  const playing = state === 'PLAYING';
  return (
    <Button
      variant="light"
      size="xs"
      color={state === 'FAILED' ? 'red' : undefined}
      loading={state === 'LOADING'}
      leftSection={playing ? <IconPlayerStop size={16} aria-hidden /> : <IconPlayerPlay size={16} aria-hidden />}
      aria-pressed={playing}
      aria-label={playing ? t('stopLabel', { title }) : t('listenLabel', { title })}
      data-playing={playing || undefined}
      onClick={() => (playing ? stop() : void play())}
    >
      {playing ? t('common:listen.stop') : state === 'FAILED' ? t('common:listen.failed') : t('common:listen.play')}
    </Button>
  );
};
