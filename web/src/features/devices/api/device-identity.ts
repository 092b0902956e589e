import { useSyncExternalStore } from 'react';
import { api, unwrap, type components } from '../../../lib/api/client';

export type Device = components['schemas']['DeviceResponse'];

const KEY_STORAGE = 'storecast.device.key';
const DEVICE_STORAGE = 'storecast.device';
/** spec 03 § Devices: a device key has at most 64 characters. */
const DEVICE_KEY_MAX = 64;

/**
 * This browser's device key: generated once and kept in local storage, so a reload or a restart
 * is the same device (re-registering the same key is idempotent on the server).
 */
export const deviceKey = (): string => {
  let key = localStorage.getItem(KEY_STORAGE);
  if (!key) {
    key = `web-${crypto.randomUUID()}`.slice(0, DEVICE_KEY_MAX);
    localStorage.setItem(KEY_STORAGE, key);
  }
  return key;
};

const listeners = new Set<() => void>();
let cached: { raw: string | null; device: Device | null } = { raw: null, device: null };

/** The registered device of this browser (null until registered); every read, ack and report sends its id. */
export const registeredDevice = (): Device | null => {
  const raw = localStorage.getItem(DEVICE_STORAGE);
  if (raw !== cached.raw) {
    try {
      cached = { raw, device: raw ? (JSON.parse(raw) as Device) : null };
    } catch {
      cached = { raw, device: null };
    }
  }
  return cached.device;
};

const remember = (device: Device | null) => {
  if (device) localStorage.setItem(DEVICE_STORAGE, JSON.stringify(device));
  else localStorage.removeItem(DEVICE_STORAGE);
  for (const l of listeners) l();
};

export const useRegisteredDevice = (): Device | null =>
  useSyncExternalStore((onChange) => {
    listeners.add(onChange);
    return () => listeners.delete(onChange);
  }, registeredDevice);

/** Registers this browser with a label (1..50); DEVICE_LIMIT_EXCEEDED surfaces as an ApiError. */
export const registerDevice = async (label: string): Promise<Device> => {
  const device = await unwrap(api.POST('/api/v1/store/devices', { body: { deviceKey: deviceKey(), label: label.trim() } }));
  remember(device);
  return device;
};

/** Forgets the registration (this device was revoked, or another account signed in). */
export const forgetDevice = (): void => remember(null);

/** After a rename, so the player shows the new label. */
export const rememberDevice = (device: Device): void => remember(device);

export const DEVICE_LABEL_MAX = 50;
