import type { AccountMessage } from '@storecast/proto';
import type { Principal } from '@storecast/service-kit';
import type { AccountStatus } from '../domain/enums';

/** A manager account as identity lists it (its Account message, with a known status). */
export type ManagerAccount = AccountMessage & { status: AccountStatus };

export type ManagerRole = 'HQ_MANAGER' | 'STORE_MANAGER';

export interface CreateManagerAccountInput {
  role: ManagerRole;
  email: string;
  name: string | null;
  hqId: string;
  storeId?: string;
  /** Operator flows pass the temporary password; HQ flows leave it to identity to generate. */
  tempPassword?: string;
  /** Who asks, from the token (identity records it). */
  actor: Principal;
}

/**
 * identity's AccountService as the use cases need it (src/peers/identity.peer.ts). Failures are
 * AppErrors with the spec's codes: 409 DUPLICATE_EMAIL, 503 SERVICE_UNAVAILABLE when unreachable.
 */
export interface IdentityPeer {
  createManagerAccount(input: CreateManagerAccountInput): Promise<{ accountId: string; email: string }>;
  // Every call acts for the person behind the request: identity verifies and authorizes it (decision 0008).
  /** True when identity reports the mail delivered; false when sending failed (never throws). */
  sendSetupEmail(caller: Principal, accountId: string): Promise<boolean>;
  withdrawAccount(caller: Principal, accountId: string, reason: string): Promise<void>;
  /** Manager accounts of stores or HQs, as identity orders them: created_at asc, id asc. */
  listManagerAccounts(caller: Principal, query: { role: ManagerRole; storeIds?: string[]; hqIds?: string[] }): Promise<ManagerAccount[]>;
}

/** A playlist as organization shows it. */
export interface PlaylistRef {
  id: string;
  name: string;
}

/** Explicit playlist assignments of a store (no fallback): what catalog-search's GetStorePlaylists answers. */
export interface StorePlaylists {
  /** null: the store follows the HQ default. */
  activePlaylist: PlaylistRef | null;
  /** Devices with an own playlist; a device not listed follows the store. */
  devices: Array<{ deviceId: string; playlist: PlaylistRef }>;
  /** The HQ's default playlist, which a store without its own active playlist plays; null when none. */
  hqDefault: PlaylistRef | null;
}

/**
 * catalog-search's CatalogService as the use cases need it (src/peers/catalog.peer.ts). Failures are
 * AppErrors: 404 PLAYLIST_NOT_FOUND, 503 SERVICE_UNAVAILABLE when unreachable.
 */
export interface CatalogPeer {
  storePlaylists(hqId: string, storeId: string): Promise<StorePlaylists>;
  /** Sets (playlistId) or clears (null: follow the store) a device's own playlist; the caller has checked the device. */
  setDevicePlaylist(input: { hqId: string; storeId: string; deviceId: string; playlistId: string | null }): Promise<StorePlaylists>;
}
