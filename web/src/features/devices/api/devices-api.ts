import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type components } from '../../../lib/api/client';
import { forgetDevice, registeredDevice, rememberDevice } from './device-identity';

export type DeviceListItem = components['schemas']['DeviceListItem'];
export type DevicePlaylist = components['schemas']['DevicePlaylistResponse'];

/** spec 03 § Devices: at most 4 active devices per store. */
export const DEVICE_LIMIT = 4;

export const devicesKeys = {
  all: ['devices'] as const,
  list: () => ['devices', 'list'] as const,
  playlist: (deviceId: string) => ['devices', 'playlist', deviceId] as const,
};

export const listDevices = () => unwrap(api.GET('/api/v1/store/devices'));
export const renameDevice = (deviceId: string, label: string) =>
  unwrap(api.PATCH('/api/v1/store/devices/{deviceId}', { params: { path: { deviceId } }, body: { label } }));
export const revokeDevice = (deviceId: string) => unwrap(api.DELETE('/api/v1/store/devices/{deviceId}', { params: { path: { deviceId } } }));
export const getDevicePlaylist = (deviceId: string) =>
  unwrap(api.GET('/api/v1/store/devices/{deviceId}/playlist', { params: { path: { deviceId } } }));
export const setDevicePlaylist = (deviceId: string, playlistId: string | null) =>
  unwrap(api.PUT('/api/v1/store/devices/{deviceId}/playlist', { params: { path: { deviceId } }, body: { playlistId } }));

export const useDevices = () => useQuery({ queryKey: devicesKeys.list(), queryFn: listDevices });

export const useDevicePlaylist = (deviceId: string) =>
  useQuery({ queryKey: devicesKeys.playlist(deviceId), queryFn: () => getDevicePlaylist(deviceId) });

export const useRenameDevice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deviceId, label }: { deviceId: string; label: string }) => renameDevice(deviceId, label),
    onSuccess: (device) => {
      // This browser's own device: the player shows the new label.
      if (registeredDevice()?.id === device.id) rememberDevice(device);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesKeys.list() }),
  });
};

export const useRevokeDevice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeDevice,
    onSuccess: (_data, deviceId) => {
      // Revoking this browser's own device: it is no longer registered (the player asks again).
      if (registeredDevice()?.id === deviceId) forgetDevice();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesKeys.all }),
  });
};

export const useSetDevicePlaylist = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deviceId, playlistId }: { deviceId: string; playlistId: string | null }) => setDevicePlaylist(deviceId, playlistId),
    onSuccess: (data) => queryClient.setQueryData(devicesKeys.playlist(data.deviceId), data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesKeys.all }),
  });
};
