import { AppError, newId, unary } from '@storecast/service-kit';
import { createOrganizationStatsClient, createStoreDeviceBatchClient, createStoreDeviceClient } from '@storecast/proto';
import { INDEPENDENT_HQ_ID } from '../src';
import { createHqStore, email, issueStoreManager, onboardHq, startHarness, unique, type Harness, type OnboardedHq } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

/** Calls one OrganizationService method as a promise (AppError with the spec code on failure). */
const call = <Res>(method: string, request: Record<string, unknown>): Promise<Res> => {
  const client = h.grpc as unknown as Record<string, (...args: unknown[]) => unknown>;
  return unary<Record<string, unknown>, Res>(client[method]!.bind(client) as never, request);
};

const rejectsWith = async (p: Promise<unknown>, code: string, httpStatus: number) => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect({ code: (err as AppError).code, status: (err as AppError).httpStatus }).toEqual({ code, status: httpStatus });
};

describe('OrganizationService over gRPC', () => {
  let hq: OnboardedHq;
  let other: OnboardedHq;
  const stores = {} as Record<'seoul' | 'busan' | 'noRegion' | 'closed' | 'foreign', string>;

  beforeAll(async () => {
    hq = await onboardHq(h, { businessNumber: '222-33-44444', plan: 'AI' });
    other = await onboardHq(h);
    stores.seoul = (await createHqStore(h, hq, { name: 'b Seoul', address: 'Seoul 1', managerEmail: email('g') })).store.id;
    stores.busan = (await createHqStore(h, hq, { name: 'a Busan' })).store.id;
    stores.noRegion = (await createHqStore(h, hq, { name: 'c none' })).store.id;
    stores.closed = (await createHqStore(h, hq, { name: 'd closed' })).store.id;
    stores.foreign = (await createHqStore(h, other, { name: 'foreign' })).store.id;
    await h.api('PATCH', `/api/v1/hq/stores/${stores.seoul}/region`, { token: hq.token, body: { region: 'SEOUL' } });
    await h.api('PATCH', `/api/v1/hq/stores/${stores.busan}/region`, { token: hq.token, body: { region: 'BUSAN' } });
    await h.api('PATCH', `/api/v1/hq/stores/${stores.closed}/region`, { token: hq.token, body: { region: 'SEOUL' } });
    await h.api('POST', `/api/v1/admin/stores/${stores.closed}/close`, { token: h.operatorToken, body: { reason: 'r' } });
  });

  it('GetHq answers the HQ; an unknown or malformed id is NOT_FOUND HQ_NOT_FOUND', async () => {
    const res = await call('getHq', { hqId: hq.hqId });
    expect(res).toMatchObject({ id: hq.hqId, name: hq.name, type: 'FRANCHISE', plan: 'AI', status: 'ACTIVE', businessNumber: '222-33-44444' });
    const independent = await call<{ type: string; plan?: string }>('getHq', { hqId: INDEPENDENT_HQ_ID });
    expect(independent.type).toBe('INDEPENDENT');
    expect(independent.plan).toBeUndefined();
    await rejectsWith(call('getHq', { hqId: newId() }), 'HQ_NOT_FOUND', 404);
    await rejectsWith(call('getHq', { hqId: 'nope' }), 'HQ_NOT_FOUND', 404);
  });

  it('GetStore answers the store with its effective plan; with hq_id, a store of another HQ is NOT_FOUND', async () => {
    const res = await call('getStore', { storeId: stores.seoul });
    expect(res).toMatchObject({ id: stores.seoul, hqId: hq.hqId, name: 'b Seoul', type: 'FRANCHISE', status: 'ACTIVE', region: 'SEOUL', plan: 'AI', address: 'Seoul 1' });
    expect(await call('getStore', { storeId: stores.seoul, hqId: hq.hqId })).toMatchObject({ id: stores.seoul });
    await rejectsWith(call('getStore', { storeId: stores.foreign, hqId: hq.hqId }), 'STORE_NOT_FOUND', 404);
    await rejectsWith(call('getStore', { storeId: newId() }), 'STORE_NOT_FOUND', 404);
    const closed = await call<{ closedAt?: string }>('getStore', { storeId: stores.closed });
    expect(closed.closedAt).toMatch(/Z$/);
  });

  it('GetStore and ListStoresOfHq carry when the store was registered (its createdAt)', async () => {
    const detail = await h.api('GET', `/api/v1/hq/stores/${stores.busan}`, { token: hq.token });
    expect((await call<{ createdAt?: string }>('getStore', { storeId: stores.busan })).createdAt).toBe(detail.body.createdAt);
    const listed = await call<{ stores: Array<{ id: string; createdAt?: string }> }>('listStoresOfHq', { hqId: hq.hqId });
    expect(listed.stores.find((s) => s.id === stores.busan)?.createdAt).toBe(detail.body.createdAt);
  });

  it('ListStoresOfHq: all open stores by name, by ids (foreign ids ignored), by region, closed only when asked', async () => {
    const ids = (r: { stores: Array<{ id: string }> }) => r.stores.map((s) => s.id);
    expect(ids(await call('listStoresOfHq', { hqId: hq.hqId }))).toEqual([stores.busan, stores.seoul, stores.noRegion]);
    expect(ids(await call('listStoresOfHq', { hqId: hq.hqId, includeClosed: true }))).toEqual([stores.busan, stores.seoul, stores.noRegion, stores.closed]);
    expect(ids(await call('listStoresOfHq', { hqId: hq.hqId, storeIds: [stores.seoul, stores.foreign, 'junk'] }))).toEqual([stores.seoul]);
    expect(ids(await call('listStoresOfHq', { hqId: hq.hqId, region: 'SEOUL' }))).toEqual([stores.seoul]);
    expect(ids(await call('listStoresOfHq', { hqId: hq.hqId, region: 'SEOUL', includeClosed: true }))).toEqual([stores.seoul, stores.closed]);
    expect(ids(await call('listStoresOfHq', { hqId: hq.hqId, region: 'ATLANTIS' }))).toEqual([]);
    expect(ids(await call('listStoresOfHq', { hqId: newId() }))).toEqual([]);
  });

  it('GetDevice: valid for an active device of the store; invalid when missing, revoked or foreign', async () => {
    const { token } = await issueStoreManager(h, stores.busan!, hq.hqId);
    const device = (await h.api('POST', '/api/v1/store/devices', { token, body: { deviceKey: 'g1', label: 'Front' } })).body;
    expect(await call('getDevice', { storeId: stores.busan, deviceId: device.id })).toEqual({ valid: true, deviceId: device.id, label: 'Front', _deviceId: 'deviceId', _label: 'label' });
    expect(await call('getDevice', { storeId: stores.seoul, deviceId: device.id })).toMatchObject({ valid: false });
    expect(await call('getDevice', { storeId: stores.busan, deviceId: newId() })).toMatchObject({ valid: false });
    await h.api('DELETE', `/api/v1/store/devices/${device.id}`, { token });
    expect(await call('getDevice', { storeId: stores.busan, deviceId: device.id })).toMatchObject({ valid: false });
  });

  it('GetEffectiveStoreSettings: store override else HQ value, and the HQ cycle for reference', async () => {
    await h.api('PATCH', '/api/v1/hq/me', { token: hq.token, body: { commercialCycleSongs: 9 } });
    await h.api('PATCH', `/api/v1/hq/stores/${stores.seoul}/ducking`, { token: hq.token, body: { duckEnabled: false, duckVolumePercent: null, duckFadeMs: 50 } });
    const res = await call('getEffectiveStoreSettings', { storeId: stores.seoul });
    expect(res).toMatchObject({ storeId: stores.seoul, hqId: hq.hqId, hqCommercialCycleSongs: 9, commercialCycleSongs: 9, duckEnabled: false, duckVolumePercent: 20, duckFadeMs: 50, plan: 'AI' });
    await rejectsWith(call('getEffectiveStoreSettings', { storeId: newId() }), 'STORE_NOT_FOUND', 404);
  });

  it('GetSignInStatus reports HQ and store facts, found flags, closure and suspension', async () => {
    expect(await call('getSignInStatus', { hqId: hq.hqId })).toMatchObject({ hqFound: true, hqStatus: 'ACTIVE', hqType: 'FRANCHISE', hqName: hq.name, storeFound: false, storeClosed: false });
    expect(await call('getSignInStatus', { storeId: stores.busan })).toMatchObject({ storeFound: true, storeStatus: 'ACTIVE', storeClosed: false, hqFound: true, hqStatus: 'ACTIVE' });
    expect(await call('getSignInStatus', { storeId: stores.closed })).toMatchObject({ storeFound: true, storeClosed: true });
    expect(await call('getSignInStatus', { storeId: stores.foreign, hqId: hq.hqId })).toMatchObject({ storeFound: false, hqFound: true });
    expect(await call('getSignInStatus', { hqId: newId(), storeId: 'junk' })).toMatchObject({ hqFound: false, storeFound: false, storeClosed: false });

    await h.api('POST', `/api/v1/admin/hq/${other.hqId}/suspend`, { token: h.operatorToken, body: { reason: 'r' } });
    await h.api('POST', `/api/v1/admin/stores/${stores.foreign}/suspend`, { token: h.operatorToken, body: { reason: 'r' } });
    expect(await call('getSignInStatus', { storeId: stores.foreign })).toMatchObject({ storeStatus: 'SUSPENDED', hqStatus: 'SUSPENDED' });
  });
});

describe('OrganizationStatsService, StoreDeviceService and StoreDeviceBatchService over gRPC', () => {
  const counts = () => {
    const client = createOrganizationStatsClient(`127.0.0.1:${h.service.grpcPort}`);
    return unary<Record<string, never>, { hqCount: number; storeCount: number }>(client.getOrganizationCounts.bind(client), {}).finally(() => client.close());
  };
  const devicesOf = (storeId: string) => {
    const client = createStoreDeviceClient(`127.0.0.1:${h.service.grpcPort}`);
    return unary<{ storeId: string }, { devices: Array<{ deviceId: string; label: string }> }>(client.listStoreDevices.bind(client), { storeId }).finally(() =>
      client.close(),
    );
  };

  it('GetOrganizationCounts counts live HQs without the INDEPENDENT HQ, and live stores that are not closed', async () => {
    const before = await counts();
    const hq = await onboardHq(h);
    const open = (await createHqStore(h, hq)).store.id;
    const closed = (await createHqStore(h, hq)).store.id;
    await h.api('POST', '/api/v1/admin/stores/independent', {
      token: h.operatorToken,
      body: { store: { name: unique('Indie'), plan: 'AI', billingAnchorDay: 3 } },
    });
    await h.api('POST', `/api/v1/admin/stores/${closed}/close`, { token: h.operatorToken, body: { reason: 'r' } });
    // the independent store counts as a store; the virtual HQ it lives under never counts as an HQ
    expect(await counts()).toEqual({ hqCount: before.hqCount + 1, storeCount: before.storeCount + 2 });
    expect(open).toBeDefined();
  });

  it('ListStoreDevices answers the active devices of the store, oldest first; revoked, foreign and unknown stores have none', async () => {
    const hq = await onboardHq(h);
    const storeId = (await createHqStore(h, hq)).store.id;
    const otherStore = (await createHqStore(h, hq)).store.id;
    const { token } = await issueStoreManager(h, storeId, hq.hqId);
    const register = async (deviceKey: string, label: string) =>
      (await h.api('POST', '/api/v1/store/devices', { token, body: { deviceKey, label } })).body as { id: string };
    const first = await register('k1', 'Counter');
    const second = await register('k2', 'Kitchen');
    const revoked = await register('k3', 'Old');
    await h.api('DELETE', `/api/v1/store/devices/${revoked.id}`, { token });
    expect((await devicesOf(storeId)).devices).toEqual([
      expect.objectContaining({ deviceId: first.id, label: 'Counter' }),
      expect.objectContaining({ deviceId: second.id, label: 'Kitchen' }),
    ]);
    expect((await devicesOf(otherStore)).devices).toEqual([]);
    expect((await devicesOf(newId())).devices).toEqual([]);
    expect((await devicesOf('junk')).devices).toEqual([]);
  });

  it("ListDevicesOfStores answers the devices of the HQ's listed stores, revoked ones flagged, by store and oldest first; other HQs' stores and junk ids have none", async () => {
    const devicesOfStores = (request: { hqId: string; storeIds: string[] }) => {
      const client = createStoreDeviceBatchClient(`127.0.0.1:${h.service.grpcPort}`);
      return unary<typeof request, { devices: Array<{ storeId: string; deviceId: string; label: string; revoked: boolean }> }>(
        client.listDevicesOfStores.bind(client),
        request,
      ).finally(() => client.close());
    };
    const hq = await onboardHq(h);
    const other = await onboardHq(h);
    const stores = [(await createHqStore(h, hq)).store.id, (await createHqStore(h, hq)).store.id];
    const foreign = (await createHqStore(h, other)).store.id;
    const registered = async (storeId: string, hqId: string, labels: string[]) => {
      const { token } = await issueStoreManager(h, storeId, hqId);
      const ids: string[] = [];
      for (const label of labels) ids.push(((await h.api('POST', '/api/v1/store/devices', { token, body: { deviceKey: unique('k'), label } })).body as { id: string }).id);
      return { token, ids };
    };
    const first = await registered(stores[0]!, hq.hqId, ['Counter', 'Old']);
    const second = await registered(stores[1]!, hq.hqId, ['Terrace']);
    await registered(foreign, other.hqId, ['Theirs']);
    await h.api('DELETE', `/api/v1/store/devices/${first.ids[1]}`, { token: first.token });

    const { devices } = await devicesOfStores({ hqId: hq.hqId, storeIds: [stores[1]!, stores[0]!, foreign, 'junk', newId()] });
    const expected = [
      { storeId: stores[0], deviceId: first.ids[0], label: 'Counter', revoked: false },
      { storeId: stores[0], deviceId: first.ids[1], label: 'Old', revoked: true },
      { storeId: stores[1], deviceId: second.ids[0], label: 'Terrace', revoked: false },
    ].sort((a, b) => (a.storeId! < b.storeId! ? -1 : a.storeId! > b.storeId! ? 1 : 0));
    expect(devices.map((d) => ({ storeId: d.storeId, deviceId: d.deviceId, label: d.label, revoked: d.revoked }))).toEqual(expected);
    expect((await devicesOfStores({ hqId: other.hqId, storeIds: stores })).devices).toEqual([]);
    expect((await devicesOfStores({ hqId: 'junk', storeIds: stores })).devices).toEqual([]);
    await rejectsWith(devicesOfStores({ hqId: hq.hqId, storeIds: Array.from({ length: 1001 }, () => newId()) }), 'VALIDATION_FAILED', 400);
  });
});
