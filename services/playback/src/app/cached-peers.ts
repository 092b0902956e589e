import type { Clock } from '@storecast/service-kit';
import type { KnownMusic } from '../domain/play-logs';
import type { CatalogPort, OrganizationPort, StoreRef } from './ports';

/** A small map of answers kept for ttlMs by the service's clock (oldest dropped beyond maxEntries). */
class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; at: number }>();
  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (this.clock.now().getTime() - hit.at >= this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: string, value: V): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, at: this.clock.now().getTime() });
  }
}

/**
 * The peers of the report path with short-lived answers reused (PLAYBACK_PEER_CACHE_TTL_MS): a
 * store's HQ and a device's validity change rarely, and a music's source never changes (spec 02:
 * musicSource is immutable), so a player reporting every few minutes does not cost three gRPC
 * calls each time. Only found stores and known music are kept; unknown ids are asked again.
 */
export const cachedPeers = (organization: OrganizationPort, catalog: CatalogPort, clock: Clock, ttlMs: number): { organization: OrganizationPort; catalog: CatalogPort } => {
  const stores = new TtlCache<StoreRef>(clock, ttlMs);
  const devices = new TtlCache<boolean>(clock, ttlMs);
  const music = new TtlCache<KnownMusic>(clock, ttlMs, 50_000);
  return {
    organization: {
      ...organization,
      async getStore(storeId) {
        const hit = stores.get(storeId);
        if (hit) return hit;
        const store = await organization.getStore(storeId);
        if (store) stores.set(storeId, store);
        return store;
      },
      async isValidDevice(storeId, deviceId) {
        const key = `${storeId}/${deviceId}`;
        const hit = devices.get(key);
        if (hit !== undefined) return hit;
        const valid = await organization.isValidDevice(storeId, deviceId);
        devices.set(key, valid);
        return valid;
      },
    },
    catalog: {
      ...catalog,
      async musicByIds(ids) {
        const found = new Map<string, KnownMusic>();
        const missing: string[] = [];
        for (const id of ids) {
          const hit = music.get(id);
          if (hit) found.set(id, hit);
          else missing.push(id);
        }
        if (missing.length > 0) {
          for (const [id, known] of await catalog.musicByIds(missing)) {
            music.set(id, known);
            found.set(id, known);
          }
        }
        return found;
      },
    },
  };
};
