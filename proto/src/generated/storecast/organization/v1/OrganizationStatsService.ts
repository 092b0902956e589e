// Original file: storecast/organization/v1/organization.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { GetOrganizationCountsRequest as _storecast_organization_v1_GetOrganizationCountsRequest, GetOrganizationCountsRequest__Output as _storecast_organization_v1_GetOrganizationCountsRequest__Output } from '../../../storecast/organization/v1/GetOrganizationCountsRequest';
import type { OrganizationCounts as _storecast_organization_v1_OrganizationCounts, OrganizationCounts__Output as _storecast_organization_v1_OrganizationCounts__Output } from '../../../storecast/organization/v1/OrganizationCounts';

export interface OrganizationStatsServiceClient extends grpc.Client {
  GetOrganizationCounts(argument: _storecast_organization_v1_GetOrganizationCountsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_OrganizationCounts__Output>): grpc.ClientUnaryCall;
  GetOrganizationCounts(argument: _storecast_organization_v1_GetOrganizationCountsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_organization_v1_OrganizationCounts__Output>): grpc.ClientUnaryCall;
  GetOrganizationCounts(argument: _storecast_organization_v1_GetOrganizationCountsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_OrganizationCounts__Output>): grpc.ClientUnaryCall;
  GetOrganizationCounts(argument: _storecast_organization_v1_GetOrganizationCountsRequest, callback: grpc.requestCallback<_storecast_organization_v1_OrganizationCounts__Output>): grpc.ClientUnaryCall;
  getOrganizationCounts(argument: _storecast_organization_v1_GetOrganizationCountsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_OrganizationCounts__Output>): grpc.ClientUnaryCall;
  getOrganizationCounts(argument: _storecast_organization_v1_GetOrganizationCountsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_organization_v1_OrganizationCounts__Output>): grpc.ClientUnaryCall;
  getOrganizationCounts(argument: _storecast_organization_v1_GetOrganizationCountsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_OrganizationCounts__Output>): grpc.ClientUnaryCall;
  getOrganizationCounts(argument: _storecast_organization_v1_GetOrganizationCountsRequest, callback: grpc.requestCallback<_storecast_organization_v1_OrganizationCounts__Output>): grpc.ClientUnaryCall;
  
}

export interface OrganizationStatsServiceHandlers extends grpc.UntypedServiceImplementation {
  GetOrganizationCounts: grpc.handleUnaryCall<_storecast_organization_v1_GetOrganizationCountsRequest__Output, _storecast_organization_v1_OrganizationCounts>;
  
}

export interface OrganizationStatsServiceDefinition extends grpc.ServiceDefinition {
  GetOrganizationCounts: MethodDefinition<_storecast_organization_v1_GetOrganizationCountsRequest, _storecast_organization_v1_OrganizationCounts, _storecast_organization_v1_GetOrganizationCountsRequest__Output, _storecast_organization_v1_OrganizationCounts__Output>
}
