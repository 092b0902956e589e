import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { CatalogServiceClient as _storecast_catalog_v1_CatalogServiceClient, CatalogServiceDefinition as _storecast_catalog_v1_CatalogServiceDefinition } from './storecast/catalog/v1/CatalogService';
import type { DevicePlaylist as _storecast_catalog_v1_DevicePlaylist, DevicePlaylist__Output as _storecast_catalog_v1_DevicePlaylist__Output } from './storecast/catalog/v1/DevicePlaylist';
import type { GetMusicByIdsRequest as _storecast_catalog_v1_GetMusicByIdsRequest, GetMusicByIdsRequest__Output as _storecast_catalog_v1_GetMusicByIdsRequest__Output } from './storecast/catalog/v1/GetMusicByIdsRequest';
import type { GetMusicByIdsResponse as _storecast_catalog_v1_GetMusicByIdsResponse, GetMusicByIdsResponse__Output as _storecast_catalog_v1_GetMusicByIdsResponse__Output } from './storecast/catalog/v1/GetMusicByIdsResponse';
import type { GetStorePlaylistsRequest as _storecast_catalog_v1_GetStorePlaylistsRequest, GetStorePlaylistsRequest__Output as _storecast_catalog_v1_GetStorePlaylistsRequest__Output } from './storecast/catalog/v1/GetStorePlaylistsRequest';
import type { GetStorePlaylistsResponse as _storecast_catalog_v1_GetStorePlaylistsResponse, GetStorePlaylistsResponse__Output as _storecast_catalog_v1_GetStorePlaylistsResponse__Output } from './storecast/catalog/v1/GetStorePlaylistsResponse';
import type { ListPlayableMusicRequest as _storecast_catalog_v1_ListPlayableMusicRequest, ListPlayableMusicRequest__Output as _storecast_catalog_v1_ListPlayableMusicRequest__Output } from './storecast/catalog/v1/ListPlayableMusicRequest';
import type { ListPlayableMusicResponse as _storecast_catalog_v1_ListPlayableMusicResponse, ListPlayableMusicResponse__Output as _storecast_catalog_v1_ListPlayableMusicResponse__Output } from './storecast/catalog/v1/ListPlayableMusicResponse';
import type { Music as _storecast_catalog_v1_Music, Music__Output as _storecast_catalog_v1_Music__Output } from './storecast/catalog/v1/Music';
import type { PlaylistRef as _storecast_catalog_v1_PlaylistRef, PlaylistRef__Output as _storecast_catalog_v1_PlaylistRef__Output } from './storecast/catalog/v1/PlaylistRef';
import type { ResolvePlaylistRequest as _storecast_catalog_v1_ResolvePlaylistRequest, ResolvePlaylistRequest__Output as _storecast_catalog_v1_ResolvePlaylistRequest__Output } from './storecast/catalog/v1/ResolvePlaylistRequest';
import type { ResolvePlaylistResponse as _storecast_catalog_v1_ResolvePlaylistResponse, ResolvePlaylistResponse__Output as _storecast_catalog_v1_ResolvePlaylistResponse__Output } from './storecast/catalog/v1/ResolvePlaylistResponse';
import type { SetDevicePlaylistRequest as _storecast_catalog_v1_SetDevicePlaylistRequest, SetDevicePlaylistRequest__Output as _storecast_catalog_v1_SetDevicePlaylistRequest__Output } from './storecast/catalog/v1/SetDevicePlaylistRequest';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  storecast: {
    catalog: {
      v1: {
        CatalogService: SubtypeConstructor<typeof grpc.Client, _storecast_catalog_v1_CatalogServiceClient> & { service: _storecast_catalog_v1_CatalogServiceDefinition }
        DevicePlaylist: MessageTypeDefinition<_storecast_catalog_v1_DevicePlaylist, _storecast_catalog_v1_DevicePlaylist__Output>
        GetMusicByIdsRequest: MessageTypeDefinition<_storecast_catalog_v1_GetMusicByIdsRequest, _storecast_catalog_v1_GetMusicByIdsRequest__Output>
        GetMusicByIdsResponse: MessageTypeDefinition<_storecast_catalog_v1_GetMusicByIdsResponse, _storecast_catalog_v1_GetMusicByIdsResponse__Output>
        GetStorePlaylistsRequest: MessageTypeDefinition<_storecast_catalog_v1_GetStorePlaylistsRequest, _storecast_catalog_v1_GetStorePlaylistsRequest__Output>
        GetStorePlaylistsResponse: MessageTypeDefinition<_storecast_catalog_v1_GetStorePlaylistsResponse, _storecast_catalog_v1_GetStorePlaylistsResponse__Output>
        ListPlayableMusicRequest: MessageTypeDefinition<_storecast_catalog_v1_ListPlayableMusicRequest, _storecast_catalog_v1_ListPlayableMusicRequest__Output>
        ListPlayableMusicResponse: MessageTypeDefinition<_storecast_catalog_v1_ListPlayableMusicResponse, _storecast_catalog_v1_ListPlayableMusicResponse__Output>
        Music: MessageTypeDefinition<_storecast_catalog_v1_Music, _storecast_catalog_v1_Music__Output>
        PlaylistRef: MessageTypeDefinition<_storecast_catalog_v1_PlaylistRef, _storecast_catalog_v1_PlaylistRef__Output>
        ResolvePlaylistRequest: MessageTypeDefinition<_storecast_catalog_v1_ResolvePlaylistRequest, _storecast_catalog_v1_ResolvePlaylistRequest__Output>
        ResolvePlaylistResponse: MessageTypeDefinition<_storecast_catalog_v1_ResolvePlaylistResponse, _storecast_catalog_v1_ResolvePlaylistResponse__Output>
        SetDevicePlaylistRequest: MessageTypeDefinition<_storecast_catalog_v1_SetDevicePlaylistRequest, _storecast_catalog_v1_SetDevicePlaylistRequest__Output>
      }
    }
  }
}

