import { Router } from 'express';
import { errorResponses, jsonBody, jsonResponse, parseInput, principalOf } from '@storecast/service-kit';
import { actorOf } from '../app/actor';
import { callerStore } from '../app/scope';
import { getStoreMe, listDevices, registerDevice, renameDevice, revokeDevice } from '../app/store-mode.use-case';
import { defineRoute } from './route';
import { signedIn } from '@storecast/service-kit';
import type { RouterDeps } from './deps';
import * as dto from './dto';
import * as req from './requests';

const ME = ['Store mode: profile'];
const DEVICES = ['Store mode: devices'];

export const storeRouter = ({ ctx, verifier, registry }: RouterDeps): Router => {
  const router = Router();
  router.use('/api/v1/store', ...signedIn(verifier, 'STORE_MANAGER'));
  const scopeErrors = { 401: ['AUTH_TOKEN_INVALID'], 403: ['PRINCIPAL_SCOPE_MISMATCH', 'AUTH_STORE_SUSPENDED', 'AUTH_STORE_CLOSED'] };

  defineRoute(
    router,
    registry,
    {
      method: 'get',
      path: '/api/v1/store/me',
      summary: "The caller's store with its effective settings (store override, else HQ value)",
      tags: ME,
      responses: { 200: jsonResponse('Store', dto.StoreMeResponseSchema), ...errorResponses(scopeErrors) },
    },
    async (request, res) => {
      res.json(dto.storeMe(await getStoreMe(ctx, await callerStore(ctx, principalOf(request)))));
    },
  );

  defineRoute(
    router,
    registry,
    {
      method: 'get',
      path: '/api/v1/store/devices',
      summary: 'Active devices, ordered createdAt, id',
      tags: DEVICES,
      responses: { 200: jsonResponse('Devices', dto.DeviceListResponseSchema), ...errorResponses(scopeErrors) },
    },
    async (request, res) => {
      const { store } = await callerStore(ctx, principalOf(request));
      res.json({ items: (await listDevices(ctx, store.id)).map(dto.device) });
    },
  );

  defineRoute(
    router,
    registry,
    {
      method: 'post',
      path: '/api/v1/store/devices',
      summary: 'Register a device (idempotent on deviceKey: 200 with the existing device; new: 201)',
      tags: DEVICES,
      request: { body: jsonBody(req.RegisterDeviceRequestSchema) },
      responses: {
        201: jsonResponse('Registered', dto.DeviceResponseSchema),
        200: jsonResponse('Already registered (label updated)', dto.DeviceResponseSchema),
        ...errorResponses({ ...scopeErrors, 400: ['VALIDATION_FAILED'], 409: ['DEVICE_LIMIT_EXCEEDED'] }),
      },
    },
    async (request, res) => {
      const principal = principalOf(request);
      const { store } = await callerStore(ctx, principal);
      const body = parseInput(req.RegisterDeviceRequestSchema, request.body);
      const { device, created } = await registerDevice(ctx, actorOf(principal), store.id, body);
      res.status(created ? 201 : 200).json(dto.device(device));
    },
  );

  defineRoute(
    router,
    registry,
    {
      method: 'patch',
      path: '/api/v1/store/devices/:deviceId',
      summary: 'Rename a device',
      tags: DEVICES,
      request: { body: jsonBody(req.RenameDeviceRequestSchema) },
      responses: { 200: jsonResponse('Device', dto.DeviceResponseSchema), ...errorResponses({ ...scopeErrors, 400: ['VALIDATION_FAILED'], 404: ['STORE_DEVICE_NOT_FOUND'] }) },
    },
    async (request, res) => {
      const principal = principalOf(request);
      const { store } = await callerStore(ctx, principal);
      const body = parseInput(req.RenameDeviceRequestSchema, request.body);
      res.json(dto.device(await renameDevice(ctx, actorOf(principal), store.id, String(request.params.deviceId), body.label)));
    },
  );

  defineRoute(
    router,
    registry,
    {
      method: 'delete',
      path: '/api/v1/store/devices/:deviceId',
      summary: 'Revoke a device (soft delete)',
      tags: DEVICES,
      responses: { 204: { description: 'Revoked' }, ...errorResponses({ ...scopeErrors, 404: ['STORE_DEVICE_NOT_FOUND'] }) },
    },
    async (request, res) => {
      const principal = principalOf(request);
      const { store } = await callerStore(ctx, principal);
      await revokeDevice(ctx, actorOf(principal), store.id, String(request.params.deviceId));
      res.status(204).end();
    },
  );

  return router;
};
