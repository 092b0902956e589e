import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import type { ProtoGrpcType as IdentityProto } from './generated/identity';
import type { ProtoGrpcType as LegalProto } from './generated/legal';
import type { ProtoGrpcType as OrganizationProto } from './generated/organization';
import type { ProtoGrpcType as CatalogProto } from './generated/catalog';
import type { ProtoGrpcType as CommercialsProto } from './generated/commercials';

export type { IdentityServiceClient, IdentityServiceHandlers } from './generated/storecast/identity/v1/IdentityService';
export type { AccountServiceClient, AccountServiceHandlers } from './generated/storecast/identity/v1/AccountService';
export type { ApiKeyServiceClient, ApiKeyServiceHandlers } from './generated/storecast/identity/v1/ApiKeyService';
export type { VerifyApiKeyResponse__Output as VerifyApiKeyMessage } from './generated/storecast/identity/v1/VerifyApiKeyResponse';
export type { Account__Output as AccountMessage, Account as AccountInput } from './generated/storecast/identity/v1/Account';
export type { LegalServiceClient, LegalServiceHandlers } from './generated/storecast/legal/v1/LegalService';
export type { OrganizationServiceClient, OrganizationServiceHandlers } from './generated/storecast/organization/v1/OrganizationService';
export type { StoreDeviceServiceClient, StoreDeviceServiceHandlers } from './generated/storecast/organization/v1/StoreDeviceService';
export type { StoreDeviceBatchServiceClient, StoreDeviceBatchServiceHandlers } from './generated/storecast/organization/v1/StoreDeviceBatchService';
export type { OrganizationStatsServiceClient, OrganizationStatsServiceHandlers } from './generated/storecast/organization/v1/OrganizationStatsService';
export type { Hq__Output as HqMessage } from './generated/storecast/organization/v1/Hq';
export type { Store__Output as StoreMessage } from './generated/storecast/organization/v1/Store';
export type { GetSignInStatusResponse__Output as SignInStatusMessage } from './generated/storecast/organization/v1/GetSignInStatusResponse';
export type { EffectiveStoreSettings__Output as EffectiveStoreSettingsMessage } from './generated/storecast/organization/v1/EffectiveStoreSettings';
export type { CatalogServiceClient, CatalogServiceHandlers } from './generated/storecast/catalog/v1/CatalogService';
export type { Music__Output as CatalogMusicMessage, Music as CatalogMusicInput } from './generated/storecast/catalog/v1/Music';
export type { CommercialServiceClient, CommercialServiceHandlers } from './generated/storecast/dispatch/v1/CommercialService';
export type { CommercialSong__Output as CommercialSongMessage } from './generated/storecast/dispatch/v1/CommercialSong';
export * from './events';

/** Folder holding storecast/<service>/v1/*.proto, resolved from src/ or dist/ alike. */
export const PROTO_ROOT = path.resolve(__dirname, '..');

/** Loader options: must match the ones proto-loader-gen-types used (see package.json "generate"). */
export const LOADER_OPTIONS: protoLoader.Options = {
  keepCase: false,
  longs: String,
  enums: String,
  defaults: true,
  oneofs: true,
  includeDirs: [PROTO_ROOT],
};

const cache = new Map<string, grpc.GrpcObject>();
const load = <T>(file: string): T => {
  let pkg = cache.get(file);
  if (!pkg) {
    pkg = grpc.loadPackageDefinition(protoLoader.loadSync(file, LOADER_OPTIONS));
    cache.set(file, pkg);
  }
  return pkg as unknown as T;
};

export const identityProto = () => load<IdentityProto>('storecast/identity/v1/identity.proto').storecast.identity.v1;
export const legalProto = () => load<LegalProto>('storecast/legal/v1/legal.proto').storecast.legal.v1;
export const organizationProto = () =>
  load<OrganizationProto>('storecast/organization/v1/organization.proto').storecast.organization.v1;
export const catalogProto = () => load<CatalogProto>('storecast/catalog/v1/catalog.proto').storecast.catalog.v1;
/** CommercialService (announcement-dispatch): active commercial songs of an HQ, for playback. */
export const commercialsProto = () => load<CommercialsProto>('storecast/dispatch/v1/commercials.proto').storecast.dispatch.v1;

export interface ClientOptions {
  /** Interceptors, e.g. the service-kit deadline interceptor. */
  interceptors?: grpc.Interceptor[];
}

const insecure = () => grpc.credentials.createInsecure();

// Typed client factories: one per service contract.
export const createIdentityClient = (address: string, options: ClientOptions = {}) =>
  new (identityProto().IdentityService)(address, insecure(), { interceptors: options.interceptors });
export const createAccountClient = (address: string, options: ClientOptions = {}) =>
  new (identityProto().AccountService)(address, insecure(), { interceptors: options.interceptors });
export const createApiKeyClient = (address: string, options: ClientOptions = {}) =>
  new (identityProto().ApiKeyService)(address, insecure(), { interceptors: options.interceptors });
export const createLegalClient = (address: string, options: ClientOptions = {}) =>
  new (legalProto().LegalService)(address, insecure(), { interceptors: options.interceptors });
export const createOrganizationClient = (address: string, options: ClientOptions = {}) =>
  new (organizationProto().OrganizationService)(address, insecure(), { interceptors: options.interceptors });
export const createStoreDeviceClient = (address: string, options: ClientOptions = {}) =>
  new (organizationProto().StoreDeviceService)(address, insecure(), { interceptors: options.interceptors });
export const createStoreDeviceBatchClient = (address: string, options: ClientOptions = {}) =>
  new (organizationProto().StoreDeviceBatchService)(address, insecure(), { interceptors: options.interceptors });
export const createOrganizationStatsClient = (address: string, options: ClientOptions = {}) =>
  new (organizationProto().OrganizationStatsService)(address, insecure(), { interceptors: options.interceptors });
export const createCatalogClient = (address: string, options: ClientOptions = {}) =>
  new (catalogProto().CatalogService)(address, insecure(), { interceptors: options.interceptors });
export const createCommercialClient = (address: string, options: ClientOptions = {}) =>
  new (commercialsProto().CommercialService)(address, insecure(), { interceptors: options.interceptors });
