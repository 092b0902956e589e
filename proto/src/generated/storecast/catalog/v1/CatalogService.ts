// Original file: storecast/catalog/v1/catalog.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { GetMusicByIdsRequest as _storecast_catalog_v1_GetMusicByIdsRequest, GetMusicByIdsRequest__Output as _storecast_catalog_v1_GetMusicByIdsRequest__Output } from '../../../storecast/catalog/v1/GetMusicByIdsRequest';
import type { GetMusicByIdsResponse as _storecast_catalog_v1_GetMusicByIdsResponse, GetMusicByIdsResponse__Output as _storecast_catalog_v1_GetMusicByIdsResponse__Output } from '../../../storecast/catalog/v1/GetMusicByIdsResponse';
import type { GetStorePlaylistsRequest as _storecast_catalog_v1_GetStorePlaylistsRequest, GetStorePlaylistsRequest__Output as _storecast_catalog_v1_GetStorePlaylistsRequest__Output } from '../../../storecast/catalog/v1/GetStorePlaylistsRequest';
import type { GetStorePlaylistsResponse as _storecast_catalog_v1_GetStorePlaylistsResponse, GetStorePlaylistsResponse__Output as _storecast_catalog_v1_GetStorePlaylistsResponse__Output } from '../../../storecast/catalog/v1/GetStorePlaylistsResponse';
import type { ListPlayableMusicRequest as _storecast_catalog_v1_ListPlayableMusicRequest, ListPlayableMusicRequest__Output as _storecast_catalog_v1_ListPlayableMusicRequest__Output } from '../../../storecast/catalog/v1/ListPlayableMusicRequest';
import type { ListPlayableMusicResponse as _storecast_catalog_v1_ListPlayableMusicResponse, ListPlayableMusicResponse__Output as _storecast_catalog_v1_ListPlayableMusicResponse__Output } from '../../../storecast/catalog/v1/ListPlayableMusicResponse';
import type { ResolvePlaylistRequest as _storecast_catalog_v1_ResolvePlaylistRequest, ResolvePlaylistRequest__Output as _storecast_catalog_v1_ResolvePlaylistRequest__Output } from '../../../storecast/catalog/v1/ResolvePlaylistRequest';
import type { ResolvePlaylistResponse as _storecast_catalog_v1_ResolvePlaylistResponse, ResolvePlaylistResponse__Output as _storecast_catalog_v1_ResolvePlaylistResponse__Output } from '../../../storecast/catalog/v1/ResolvePlaylistResponse';
import type { SetDevicePlaylistRequest as _storecast_catalog_v1_SetDevicePlaylistRequest, SetDevicePlaylistRequest__Output as _storecast_catalog_v1_SetDevicePlaylistRequest__Output } from '../../../storecast/catalog/v1/SetDevicePlaylistRequest';

export interface CatalogServiceClient extends grpc.Client {
  GetMusicByIds(argument: _storecast_catalog_v1_GetMusicByIdsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_catalog_v1_GetMusicByIdsResponse__Output>): grpc.ClientUnaryCall;
  GetMusicByIds(argument: _storecast_catalog_v1_GetMusicByIdsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_catalog_v1_GetMusicByIdsResponse__Output>): grpc.ClientUnaryCall;
  GetMusicByIds(argument: _storecast_catalog_v1_GetMusicByIdsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_catalog_v1_GetMusicByIdsResponse__Output>): grpc.ClientUnaryCall;
  GetMusicByIds(argument: _storecast_catalog_v1_GetMusicByIdsRequest, callback: grpc.requestCallback<_storecast_catalog_v1_GetMusicByIdsResponse__Output>): grpc.ClientUnaryCall;
  getMusicByIds(argument: _storecast_catalog_v1_GetMusicByIdsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_catalog_v1_GetMusicByIdsResponse__Output>): grpc.ClientUnaryCall;
  getMusicByIds(argument: _storecast_catalog_v1_GetMusicByIdsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_catalog_v1_GetMusicByIdsResponse__Output>): grpc.ClientUnaryCall;
  getMusicByIds(argument: _storecast_catalog_v1_GetMusicByIdsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_catalog_v1_GetMusicByIdsResponse__Output>): grpc.ClientUnaryCall;
  getMusicByIds(argument: _storecast_catalog_v1_GetMusicByIdsRequest, callback: grpc.requestCallback<_storecast_catalog_v1_GetMusicByIdsResponse__Output>): grpc.ClientUnaryCall;
  
  GetStorePlaylists(argument: _storecast_catalog_v1_GetStorePlaylistsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_catalog_v1_GetStorePlaylistsResponse__Output>): grpc.ClientUnaryCall;
  GetStorePlaylists(argument: _storecast_catalog_v1_GetStorePlaylistsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_catalog_v1_GetStorePlaylistsResponse__Output>): grpc.ClientUnaryCall;
  GetStorePlaylists(argument: _storecast_catalog_v1_GetStorePlaylistsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_catalog_v1_GetStorePlaylistsResponse__Output>): grpc.ClientUnaryCall;
  GetStorePlaylists(argument: _storecast_catalog_v1_GetStorePlaylistsRequest, callback: grpc.requestCallback<_storecast_catalog_v1_GetStorePlaylistsResponse__Output>): grpc.ClientUnaryCall;
  getStorePlaylists(argument: _storecast_catalog_v1_GetStorePlaylistsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_catalog_v1_GetStorePlaylistsResponse__Output>): grpc.ClientUnaryCall;
  getStorePlaylists(argument: _storecast_catalog_v1_GetStorePlaylistsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_catalog_v1_GetStorePlaylistsResponse__Output>): grpc.ClientUnaryCall;
  getStorePlaylists(argument: _storecast_catalog_v1_GetStorePlaylistsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_catalog_v1_GetStorePlaylistsResponse__Output>): grpc.ClientUnaryCall;
  getStorePlaylists(argument: _storecast_catalog_v1_GetStorePlaylistsRequest, callback: grpc.requestCallback<_storecast_catalog_v1_GetStorePlaylistsResponse__Output>): grpc.ClientUnaryCall;
  
  ListPlayableMusic(argument: _storecast_catalog_v1_ListPlayableMusicRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_catalog_v1_ListPlayableMusicResponse__Output>): grpc.ClientUnaryCall;
  ListPlayableMusic(argument: _storecast_catalog_v1_ListPlayableMusicRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_catalog_v1_ListPlayableMusicResponse__Output>): grpc.ClientUnaryCall;
  ListPlayableMusic(argument: _storecast_catalog_v1_ListPlayableMusicRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_catalog_v1_ListPlayableMusicResponse__Output>): grpc.ClientUnaryCall;
  ListPlayableMusic(argument: _storecast_catalog_v1_ListPlayableMusicRequest, callback: grpc.requestCallback<_storecast_catalog_v1_ListPlayableMusicResponse__Output>): grpc.ClientUnaryCall;
  listPlayableMusic(argument: _storecast_catalog_v1_ListPlayableMusicRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_catalog_v1_ListPlayableMusicResponse__Output>): grpc.ClientUnaryCall;
  listPlayableMusic(argument: _storecast_catalog_v1_ListPlayableMusicRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_catalog_v1_ListPlayableMusicResponse__Output>): grpc.ClientUnaryCall;
  listPlayableMusic(argument: _storecast_catalog_v1_ListPlayableMusicRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_catalog_v1_ListPlayableMusicResponse__Output>): grpc.ClientUnaryCall;
  listPlayableMusic(argument: _storecast_catalog_v1_ListPlayableMusicRequest, callback: grpc.requestCallback<_storecast_catalog_v1_ListPlayableMusicResponse__Output>): grpc.ClientUnaryCall;
  
  ResolvePlaylist(argument: _storecast_catalog_v1_ResolvePlaylistRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_catalog_v1_ResolvePlaylistResponse__Output>): grpc.ClientUnaryCall;
  ResolvePlaylist(argument: _storecast_catalog_v1_ResolvePlaylistRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_catalog_v1_ResolvePlaylistResponse__Output>): grpc.ClientUnaryCall;
  ResolvePlaylist(argument: _storecast_catalog_v1_ResolvePlaylistRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_catalog_v1_ResolvePlaylistResponse__Output>): grpc.ClientUnaryCall;
  ResolvePlaylist(argument: _storecast_catalog_v1_ResolvePlaylistRequest, callback: grpc.requestCallback<_storecast_catalog_v1_ResolvePlaylistResponse__Output>): grpc.ClientUnaryCall;
  resolvePlaylist(argument: _storecast_catalog_v1_ResolvePlaylistRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_catalog_v1_ResolvePlaylistResponse__Output>): grpc.ClientUnaryCall;
  resolvePlaylist(argument: _storecast_catalog_v1_ResolvePlaylistRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_catalog_v1_ResolvePlaylistResponse__Output>): grpc.ClientUnaryCall;
  resolvePlaylist(argument: _storecast_catalog_v1_ResolvePlaylistRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_catalog_v1_ResolvePlaylistResponse__Output>): grpc.ClientUnaryCall;
  resolvePlaylist(argument: _storecast_catalog_v1_ResolvePlaylistRequest, callback: grpc.requestCallback<_storecast_catalog_v1_ResolvePlaylistResponse__Output>): grpc.ClientUnaryCall;
  
  SetDevicePlaylist(argument: _storecast_catalog_v1_SetDevicePlaylistRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_catalog_v1_GetStorePlaylistsResponse__Output>): grpc.ClientUnaryCall;
  SetDevicePlaylist(argument: _storecast_catalog_v1_SetDevicePlaylistRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_catalog_v1_GetStorePlaylistsResponse__Output>): grpc.ClientUnaryCall;
  SetDevicePlaylist(argument: _storecast_catalog_v1_SetDevicePlaylistRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_catalog_v1_GetStorePlaylistsResponse__Output>): grpc.ClientUnaryCall;
  SetDevicePlaylist(argument: _storecast_catalog_v1_SetDevicePlaylistRequest, callback: grpc.requestCallback<_storecast_catalog_v1_GetStorePlaylistsResponse__Output>): grpc.ClientUnaryCall;
  setDevicePlaylist(argument: _storecast_catalog_v1_SetDevicePlaylistRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_catalog_v1_GetStorePlaylistsResponse__Output>): grpc.ClientUnaryCall;
  setDevicePlaylist(argument: _storecast_catalog_v1_SetDevicePlaylistRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_catalog_v1_GetStorePlaylistsResponse__Output>): grpc.ClientUnaryCall;
  setDevicePlaylist(argument: _storecast_catalog_v1_SetDevicePlaylistRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_catalog_v1_GetStorePlaylistsResponse__Output>): grpc.ClientUnaryCall;
  setDevicePlaylist(argument: _storecast_catalog_v1_SetDevicePlaylistRequest, callback: grpc.requestCallback<_storecast_catalog_v1_GetStorePlaylistsResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface CatalogServiceHandlers extends grpc.UntypedServiceImplementation {
  GetMusicByIds: grpc.handleUnaryCall<_storecast_catalog_v1_GetMusicByIdsRequest__Output, _storecast_catalog_v1_GetMusicByIdsResponse>;
  
  GetStorePlaylists: grpc.handleUnaryCall<_storecast_catalog_v1_GetStorePlaylistsRequest__Output, _storecast_catalog_v1_GetStorePlaylistsResponse>;
  
  ListPlayableMusic: grpc.handleUnaryCall<_storecast_catalog_v1_ListPlayableMusicRequest__Output, _storecast_catalog_v1_ListPlayableMusicResponse>;
  
  ResolvePlaylist: grpc.handleUnaryCall<_storecast_catalog_v1_ResolvePlaylistRequest__Output, _storecast_catalog_v1_ResolvePlaylistResponse>;
  
  SetDevicePlaylist: grpc.handleUnaryCall<_storecast_catalog_v1_SetDevicePlaylistRequest__Output, _storecast_catalog_v1_GetStorePlaylistsResponse>;
  
}

export interface CatalogServiceDefinition extends grpc.ServiceDefinition {
  GetMusicByIds: MethodDefinition<_storecast_catalog_v1_GetMusicByIdsRequest, _storecast_catalog_v1_GetMusicByIdsResponse, _storecast_catalog_v1_GetMusicByIdsRequest__Output, _storecast_catalog_v1_GetMusicByIdsResponse__Output>
  GetStorePlaylists: MethodDefinition<_storecast_catalog_v1_GetStorePlaylistsRequest, _storecast_catalog_v1_GetStorePlaylistsResponse, _storecast_catalog_v1_GetStorePlaylistsRequest__Output, _storecast_catalog_v1_GetStorePlaylistsResponse__Output>
  ListPlayableMusic: MethodDefinition<_storecast_catalog_v1_ListPlayableMusicRequest, _storecast_catalog_v1_ListPlayableMusicResponse, _storecast_catalog_v1_ListPlayableMusicRequest__Output, _storecast_catalog_v1_ListPlayableMusicResponse__Output>
  ResolvePlaylist: MethodDefinition<_storecast_catalog_v1_ResolvePlaylistRequest, _storecast_catalog_v1_ResolvePlaylistResponse, _storecast_catalog_v1_ResolvePlaylistRequest__Output, _storecast_catalog_v1_ResolvePlaylistResponse__Output>
  SetDevicePlaylist: MethodDefinition<_storecast_catalog_v1_SetDevicePlaylistRequest, _storecast_catalog_v1_GetStorePlaylistsResponse, _storecast_catalog_v1_SetDevicePlaylistRequest__Output, _storecast_catalog_v1_GetStorePlaylistsResponse__Output>
}
