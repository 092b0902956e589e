import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { EffectiveStoreSettings as _storecast_organization_v1_EffectiveStoreSettings, EffectiveStoreSettings__Output as _storecast_organization_v1_EffectiveStoreSettings__Output } from './storecast/organization/v1/EffectiveStoreSettings';
import type { GetDeviceRequest as _storecast_organization_v1_GetDeviceRequest, GetDeviceRequest__Output as _storecast_organization_v1_GetDeviceRequest__Output } from './storecast/organization/v1/GetDeviceRequest';
import type { GetDeviceResponse as _storecast_organization_v1_GetDeviceResponse, GetDeviceResponse__Output as _storecast_organization_v1_GetDeviceResponse__Output } from './storecast/organization/v1/GetDeviceResponse';
import type { GetEffectiveStoreSettingsRequest as _storecast_organization_v1_GetEffectiveStoreSettingsRequest, GetEffectiveStoreSettingsRequest__Output as _storecast_organization_v1_GetEffectiveStoreSettingsRequest__Output } from './storecast/organization/v1/GetEffectiveStoreSettingsRequest';
import type { GetHqRequest as _storecast_organization_v1_GetHqRequest, GetHqRequest__Output as _storecast_organization_v1_GetHqRequest__Output } from './storecast/organization/v1/GetHqRequest';
import type { GetOrganizationCountsRequest as _storecast_organization_v1_GetOrganizationCountsRequest, GetOrganizationCountsRequest__Output as _storecast_organization_v1_GetOrganizationCountsRequest__Output } from './storecast/organization/v1/GetOrganizationCountsRequest';
import type { GetSignInStatusRequest as _storecast_organization_v1_GetSignInStatusRequest, GetSignInStatusRequest__Output as _storecast_organization_v1_GetSignInStatusRequest__Output } from './storecast/organization/v1/GetSignInStatusRequest';
import type { GetSignInStatusResponse as _storecast_organization_v1_GetSignInStatusResponse, GetSignInStatusResponse__Output as _storecast_organization_v1_GetSignInStatusResponse__Output } from './storecast/organization/v1/GetSignInStatusResponse';
import type { GetStoreRequest as _storecast_organization_v1_GetStoreRequest, GetStoreRequest__Output as _storecast_organization_v1_GetStoreRequest__Output } from './storecast/organization/v1/GetStoreRequest';
import type { Hq as _storecast_organization_v1_Hq, Hq__Output as _storecast_organization_v1_Hq__Output } from './storecast/organization/v1/Hq';
import type { ListDevicesOfStoresRequest as _storecast_organization_v1_ListDevicesOfStoresRequest, ListDevicesOfStoresRequest__Output as _storecast_organization_v1_ListDevicesOfStoresRequest__Output } from './storecast/organization/v1/ListDevicesOfStoresRequest';
import type { ListDevicesOfStoresResponse as _storecast_organization_v1_ListDevicesOfStoresResponse, ListDevicesOfStoresResponse__Output as _storecast_organization_v1_ListDevicesOfStoresResponse__Output } from './storecast/organization/v1/ListDevicesOfStoresResponse';
import type { ListStoreDevicesRequest as _storecast_organization_v1_ListStoreDevicesRequest, ListStoreDevicesRequest__Output as _storecast_organization_v1_ListStoreDevicesRequest__Output } from './storecast/organization/v1/ListStoreDevicesRequest';
import type { ListStoreDevicesResponse as _storecast_organization_v1_ListStoreDevicesResponse, ListStoreDevicesResponse__Output as _storecast_organization_v1_ListStoreDevicesResponse__Output } from './storecast/organization/v1/ListStoreDevicesResponse';
import type { ListStoresOfHqRequest as _storecast_organization_v1_ListStoresOfHqRequest, ListStoresOfHqRequest__Output as _storecast_organization_v1_ListStoresOfHqRequest__Output } from './storecast/organization/v1/ListStoresOfHqRequest';
import type { ListStoresOfHqResponse as _storecast_organization_v1_ListStoresOfHqResponse, ListStoresOfHqResponse__Output as _storecast_organization_v1_ListStoresOfHqResponse__Output } from './storecast/organization/v1/ListStoresOfHqResponse';
import type { OrganizationCounts as _storecast_organization_v1_OrganizationCounts, OrganizationCounts__Output as _storecast_organization_v1_OrganizationCounts__Output } from './storecast/organization/v1/OrganizationCounts';
import type { OrganizationServiceClient as _storecast_organization_v1_OrganizationServiceClient, OrganizationServiceDefinition as _storecast_organization_v1_OrganizationServiceDefinition } from './storecast/organization/v1/OrganizationService';
import type { OrganizationStatsServiceClient as _storecast_organization_v1_OrganizationStatsServiceClient, OrganizationStatsServiceDefinition as _storecast_organization_v1_OrganizationStatsServiceDefinition } from './storecast/organization/v1/OrganizationStatsService';
import type { Store as _storecast_organization_v1_Store, Store__Output as _storecast_organization_v1_Store__Output } from './storecast/organization/v1/Store';
import type { StoreDevice as _storecast_organization_v1_StoreDevice, StoreDevice__Output as _storecast_organization_v1_StoreDevice__Output } from './storecast/organization/v1/StoreDevice';
import type { StoreDeviceBatchServiceClient as _storecast_organization_v1_StoreDeviceBatchServiceClient, StoreDeviceBatchServiceDefinition as _storecast_organization_v1_StoreDeviceBatchServiceDefinition } from './storecast/organization/v1/StoreDeviceBatchService';
import type { StoreDeviceOfStore as _storecast_organization_v1_StoreDeviceOfStore, StoreDeviceOfStore__Output as _storecast_organization_v1_StoreDeviceOfStore__Output } from './storecast/organization/v1/StoreDeviceOfStore';
import type { StoreDeviceServiceClient as _storecast_organization_v1_StoreDeviceServiceClient, StoreDeviceServiceDefinition as _storecast_organization_v1_StoreDeviceServiceDefinition } from './storecast/organization/v1/StoreDeviceService';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  storecast: {
    organization: {
      v1: {
        EffectiveStoreSettings: MessageTypeDefinition<_storecast_organization_v1_EffectiveStoreSettings, _storecast_organization_v1_EffectiveStoreSettings__Output>
        GetDeviceRequest: MessageTypeDefinition<_storecast_organization_v1_GetDeviceRequest, _storecast_organization_v1_GetDeviceRequest__Output>
        GetDeviceResponse: MessageTypeDefinition<_storecast_organization_v1_GetDeviceResponse, _storecast_organization_v1_GetDeviceResponse__Output>
        GetEffectiveStoreSettingsRequest: MessageTypeDefinition<_storecast_organization_v1_GetEffectiveStoreSettingsRequest, _storecast_organization_v1_GetEffectiveStoreSettingsRequest__Output>
        GetHqRequest: MessageTypeDefinition<_storecast_organization_v1_GetHqRequest, _storecast_organization_v1_GetHqRequest__Output>
        GetOrganizationCountsRequest: MessageTypeDefinition<_storecast_organization_v1_GetOrganizationCountsRequest, _storecast_organization_v1_GetOrganizationCountsRequest__Output>
        GetSignInStatusRequest: MessageTypeDefinition<_storecast_organization_v1_GetSignInStatusRequest, _storecast_organization_v1_GetSignInStatusRequest__Output>
        GetSignInStatusResponse: MessageTypeDefinition<_storecast_organization_v1_GetSignInStatusResponse, _storecast_organization_v1_GetSignInStatusResponse__Output>
        GetStoreRequest: MessageTypeDefinition<_storecast_organization_v1_GetStoreRequest, _storecast_organization_v1_GetStoreRequest__Output>
        Hq: MessageTypeDefinition<_storecast_organization_v1_Hq, _storecast_organization_v1_Hq__Output>
        ListDevicesOfStoresRequest: MessageTypeDefinition<_storecast_organization_v1_ListDevicesOfStoresRequest, _storecast_organization_v1_ListDevicesOfStoresRequest__Output>
        ListDevicesOfStoresResponse: MessageTypeDefinition<_storecast_organization_v1_ListDevicesOfStoresResponse, _storecast_organization_v1_ListDevicesOfStoresResponse__Output>
        ListStoreDevicesRequest: MessageTypeDefinition<_storecast_organization_v1_ListStoreDevicesRequest, _storecast_organization_v1_ListStoreDevicesRequest__Output>
        ListStoreDevicesResponse: MessageTypeDefinition<_storecast_organization_v1_ListStoreDevicesResponse, _storecast_organization_v1_ListStoreDevicesResponse__Output>
        ListStoresOfHqRequest: MessageTypeDefinition<_storecast_organization_v1_ListStoresOfHqRequest, _storecast_organization_v1_ListStoresOfHqRequest__Output>
        ListStoresOfHqResponse: MessageTypeDefinition<_storecast_organization_v1_ListStoresOfHqResponse, _storecast_organization_v1_ListStoresOfHqResponse__Output>
        OrganizationCounts: MessageTypeDefinition<_storecast_organization_v1_OrganizationCounts, _storecast_organization_v1_OrganizationCounts__Output>
        OrganizationService: SubtypeConstructor<typeof grpc.Client, _storecast_organization_v1_OrganizationServiceClient> & { service: _storecast_organization_v1_OrganizationServiceDefinition }
        OrganizationStatsService: SubtypeConstructor<typeof grpc.Client, _storecast_organization_v1_OrganizationStatsServiceClient> & { service: _storecast_organization_v1_OrganizationStatsServiceDefinition }
        Store: MessageTypeDefinition<_storecast_organization_v1_Store, _storecast_organization_v1_Store__Output>
        StoreDevice: MessageTypeDefinition<_storecast_organization_v1_StoreDevice, _storecast_organization_v1_StoreDevice__Output>
        StoreDeviceBatchService: SubtypeConstructor<typeof grpc.Client, _storecast_organization_v1_StoreDeviceBatchServiceClient> & { service: _storecast_organization_v1_StoreDeviceBatchServiceDefinition }
        StoreDeviceOfStore: MessageTypeDefinition<_storecast_organization_v1_StoreDeviceOfStore, _storecast_organization_v1_StoreDeviceOfStore__Output>
        StoreDeviceService: SubtypeConstructor<typeof grpc.Client, _storecast_organization_v1_StoreDeviceServiceClient> & { service: _storecast_organization_v1_StoreDeviceServiceDefinition }
      }
    }
  }
}

