import type { Router } from 'express';
import type { ServiceApi } from '@storecast/service-kit';
import type { AppContext } from '../app/context';
import { callerStore } from '../app/scope';
import { getDevicePlaylist, getStoreMe, updateStoreMe, listDevices, registerDevice, renameDevice, revokeDevice, setDevicePlaylist } from '../app/store-mode.use-case';
import * as dto from './dto';
import * as req from './requests';

const ME = ['Store mode: profile'];
const DEVICES = ['Store mode: devices'];
const auth = { roles: ['STORE_MANAGER'] } as const;
/** Every store path re-checks the caller and the store's state against stored data (callerStore). */
const scope = { 403: ['PRINCIPAL_SCOPE_MISMATCH', 'AUTH_STORE_SUSPENDED', 'AUTH_STORE_CLOSED'] };
/** Calls whose answer is catalog-search's. */
const catalogDown = { 503: ['SERVICE_UNAVAILABLE'] };

export const storeRoutes = (api: ServiceApi, ctx: AppContext): Router => {
  const router = api.router();

  api.define(router, {
    method: 'get',
    path: '/api/v1/store/me',
    operationId: 'getStoreMe',
    summary: "The caller's store with its effective settings (store override, else HQ value)",
    tags: ME,
    auth,
    response: { status: 200, description: 'Store', schema: dto.StoreMeResponseSchema },
    errors: scope,
    handler: async ({ principal }) => dto.storeMe(await getStoreMe(ctx, await callerStore(ctx, principal))),
  });

  api.define(router, {
    method: 'patch',
    path: '/api/v1/store/me',
    operationId: 'updateStoreMe',
    summary: "Update the store profile's contact fields (managerName, managerEmail, managerPhone)",
    description:
      'Per key: absent = unchanged, null or blank = clear, value = set. Name and address stay with the HQ; managerEmail is a contact value, not the sign-in email. No differences = 200 no-op; otherwise audit STORE_PROFILE_UPDATED and event organization.store.updated.',
    tags: ME,
    auth,
    body: req.UpdateStoreMeRequestSchema,
    response: { status: 200, description: 'Updated store', schema: dto.StoreMeResponseSchema },
    errors: scope,
    handler: async ({ principal, body }) => dto.storeMe(await updateStoreMe(ctx, principal, await callerStore(ctx, principal), body)),
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/store/devices',
    operationId: 'listStoreDevices',
    summary: 'Active devices, ordered createdAt, id, each with its own playlist (null: follows the store)',
    description: 'Playlists come from catalog-search; while it is unreachable the list still answers, every playlist null.',
    tags: DEVICES,
    auth,
    response: { status: 200, description: 'Devices', schema: dto.DeviceListResponseSchema },
    errors: scope,
    handler: async ({ principal }) => {
      const { store } = await callerStore(ctx, principal);
      return { items: (await listDevices(ctx, store)).map(dto.deviceListItem) };
    },
  });

  api.define(router, {
    method: 'post',
    path: '/api/v1/store/devices',
    operationId: 'registerStoreDevice',
    summary: 'Register a device (idempotent on deviceKey)',
    description:
      'A new device answers 201. A key already active in the store answers **200** with that device (label applied) and does not count against the limit.',
    tags: DEVICES,
    auth,
    body: req.RegisterDeviceRequestSchema,
    response: { status: 201, alsoStatuses: [200], description: 'Registered (200 with the same body when the key was already registered)', schema: dto.DeviceResponseSchema },
    errors: { ...scope, 409: ['DEVICE_LIMIT_EXCEEDED'] },
    handler: async ({ principal, body, setStatus }) => {
      const { store } = await callerStore(ctx, principal);
      const { device, created } = await registerDevice(ctx, principal, store.id, body);
      if (!created) setStatus(200);
      return dto.device(device);
    },
  });

  api.define(router, {
    method: 'patch',
    path: '/api/v1/store/devices/{deviceId}',
    operationId: 'renameStoreDevice',
    summary: 'Rename a device',
    tags: DEVICES,
    auth,
    body: req.RenameDeviceRequestSchema,
    response: { status: 200, description: 'Device', schema: dto.DeviceResponseSchema },
    errors: { ...scope, 404: ['STORE_DEVICE_NOT_FOUND'] },
    handler: async ({ principal, params, body }) => {
      const { store } = await callerStore(ctx, principal);
      return dto.device(await renameDevice(ctx, principal, store, params.deviceId, body.label));
    },
  });

  api.define(router, {
    method: 'delete',
    path: '/api/v1/store/devices/{deviceId}',
    operationId: 'revokeStoreDevice',
    summary: 'Revoke a device (soft delete)',
    tags: DEVICES,
    auth,
    response: { status: 204, description: 'Revoked' },
    errors: { ...scope, 404: ['STORE_DEVICE_NOT_FOUND'] },
    handler: async ({ principal, params }) => {
      const { store } = await callerStore(ctx, principal);
      await revokeDevice(ctx, principal, store, params.deviceId);
    },
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/store/devices/{deviceId}/playlist',
    operationId: 'getStoreDevicePlaylist',
    summary: "A device's own playlist (null: it follows the store)",
    tags: DEVICES,
    auth,
    response: { status: 200, description: 'The device playlist', schema: dto.DevicePlaylistResponseSchema },
    errors: { ...scope, 404: ['STORE_DEVICE_NOT_FOUND'], ...catalogDown },
    handler: async ({ principal, params }) => {
      const { store } = await callerStore(ctx, principal);
      return dto.devicePlaylist(await getDevicePlaylist(ctx, store, params.deviceId));
    },
  });

  api.define(router, {
    method: 'put',
    path: '/api/v1/store/devices/{deviceId}/playlist',
    operationId: 'setStoreDevicePlaylist',
    summary: "Set a device's own playlist, or follow the store again (playlistId null)",
    description: 'The playlist must be one of the HQ (404 PLAYLIST_NOT_FOUND otherwise); catalog-search keeps the assignment. Audit STORE_DEVICE_PLAYLIST_UPDATED.',
    tags: DEVICES,
    auth,
    body: req.SetDevicePlaylistRequestSchema,
    response: { status: 200, description: 'The device playlist', schema: dto.DevicePlaylistResponseSchema },
    errors: { ...scope, 404: ['STORE_DEVICE_NOT_FOUND', 'PLAYLIST_NOT_FOUND'], ...catalogDown },
    handler: async ({ principal, params, body }) => {
      const { store } = await callerStore(ctx, principal);
      return dto.devicePlaylist(await setDevicePlaylist(ctx, principal, store, params.deviceId, body.playlistId));
    },
  });

  return router;
};
