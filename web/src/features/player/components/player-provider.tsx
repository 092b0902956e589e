import { Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { session } from '../../../lib/api/client';
import { ApiError } from '../../../lib/errors/api-error';
import { MediaCache } from '../../../player/media-cache';
import { MusicSequencer } from '../../../player/music-sequencer';
import { PlayerMixer } from '../../../player/player-mixer';
import { StorePlayer, windowNetwork, windowOnline, type StorePlayerSnapshot } from '../../../player/store-player';
import { DEVICE_LABEL_MAX, forgetDevice, registerDevice, registeredDevice, useRegisteredDevice, type Device } from '../../devices/api/device-identity';
import { DeviceLimitPanel } from '../../devices/components/device-limit-panel';
import { playerApi } from '../api/player-api';
import '../player.messages';

interface PlayerContextValue {
  player: StorePlayer | null;
  /** The browser holds audio back until a gesture: the page shows a start button. */
  needsGesture: boolean;
  startFromGesture(): void;
  device: Device | null;
}

const PlayerContext = createContext<PlayerContextValue | null>(null);

declare global {
  interface Window {
    /** The running engine, for diagnostics and the browser tests (they read the audio graph). */
    __storecastPlayer?: { player: StorePlayer; mixer: PlayerMixer };
  }
}

/**
 * Runs the store player for the whole area: registers this browser as a device, then plays the
 * queue and the announcements until the manager signs out. The pages read it with usePlayer().
 */
export const PlayerProvider = ({ children }: { children: ReactNode }) => {
  const device = useRegisteredDevice();
  const [player, setPlayer] = useState<StorePlayer | null>(null);
  const [needsGesture, setNeedsGesture] = useState(false);
  const [confirmed, setConfirmed] = useState(false);

  // The stored device may belong to another store (another account on this browser) or be
  // revoked: registering the same key again is idempotent and answers this store's device.
  useEffect(() => {
    const stored = registeredDevice();
    if (!stored) return;
    registerDevice(stored.label)
      .then(() => setConfirmed(true))
      .catch((err: unknown) => {
        if (err instanceof ApiError && !err.isNetwork && err.status < 500) forgetDevice();
        else setConfirmed(true); // offline: keep playing with what we know
      });
  }, []);

  const deviceId = confirmed ? (device?.id ?? null) : null;
  useEffect(() => {
    if (!deviceId) return;
    const mixer = new PlayerMixer();
    const mediaCache = new MediaCache();
    const engine = new StorePlayer({
      api: playerApi,
      mixer,
      deviceId,
      eventStreams: (url) => new EventSource(url),
      sequencer: (hooks) => new MusicSequencer({ mixer, cache: mediaCache, ...hooks }),
      mediaCache,
      onOnline: windowOnline,
      onNetworkChange: windowNetwork,
    });
    window.__storecastPlayer = { player: engine, mixer };
    // Offline audio must outlive storage pressure.
    void navigator.storage?.persist?.().catch(() => undefined);
    setPlayer(engine);
    if (mixer.isRunning()) void engine.start();
    else setNeedsGesture(true);
    return () => {
      delete window.__storecastPlayer;
      void engine.stop();
      void mixer.close();
      setPlayer(null);
      setNeedsGesture(false);
    };
  }, [deviceId]);

  const snapshot = usePlayerSnapshotOf(player);
  useEffect(() => {
    if (snapshot?.streamEndedReason === 'DEVICE_REVOKED') forgetDevice();
  }, [snapshot?.streamEndedReason]);

  const startFromGesture = useCallback(() => {
    setNeedsGesture(false);
    void player?.start();
  }, [player]);

  return (
    <PlayerContext.Provider value={{ player, needsGesture, startFromGesture, device }}>
      {!device && <DeviceRegistration onRegistered={() => setConfirmed(true)} />}
      {children}
    </PlayerContext.Provider>
  );
};

export const usePlayer = (): PlayerContextValue => {
  const value = useContext(PlayerContext);
  if (!value) throw new Error('usePlayer outside PlayerProvider');
  return value;
};

const noSubscription = () => () => undefined;

const usePlayerSnapshotOf = (player: StorePlayer | null): StorePlayerSnapshot | null => {
  const last = useRef<StorePlayerSnapshot | null>(null);
  return useSyncExternalStore(
    player ? (onChange) => player.subscribe((s) => { last.current = s; onChange(); }) : noSubscription,
    () => (player ? (last.current ?? player.snapshot()) : null),
  );
};

/** The engine's state as React state (null before the device is registered). */
export const usePlayerSnapshot = (): StorePlayerSnapshot | null => usePlayerSnapshotOf(usePlayer().player);

/** First start in this browser: a label, then the device is registered (at most 4 per store). */
const DeviceRegistration = ({ onRegistered }: { onRegistered: () => void }) => {
  const { t } = useTranslation('player');
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { label: t('labelDefault') },
    validate: { label: (v) => (v.trim().length < 1 || v.trim().length > DEVICE_LABEL_MAX ? t('labelRule') : null) },
  });
  const register = useMutation({ mutationFn: (label: string) => registerDevice(label), onSuccess: onRegistered });
  const limitReached = register.error instanceof ApiError && register.error.code === 'DEVICE_LIMIT_EXCEEDED';
  return (
    <Modal opened onClose={() => undefined} withCloseButton={false} closeOnEscape={false} closeOnClickOutside={false} title={t('registerTitle')} size="lg">
      <form noValidate onSubmit={form.onSubmit((v) => register.mutate(v.label.trim()))}>
        <Stack>
          <Text size="sm">{t('registerBody')}</Text>
          <TextInput label={t('label')} description={t('labelRule')} maxLength={DEVICE_LABEL_MAX} required data-autofocus key={form.key('label')} {...form.getInputProps('label')} />
          {limitReached ? <DeviceLimitPanel onRevoked={() => register.reset()} /> : <ErrorAlert error={register.error} />}
          <Button type="submit" loading={register.isPending}>{t('register')}</Button>
          <Button variant="subtle" onClick={() => void session.logout()}>{t('common:signOut')}</Button>
        </Stack>
      </form>
    </Modal>
  );
};
