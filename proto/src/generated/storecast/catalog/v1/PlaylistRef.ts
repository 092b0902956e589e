// Original file: storecast/catalog/v1/catalog.proto


export interface PlaylistRef {
  'id'?: (string);
  'name'?: (string);
}

export interface PlaylistRef__Output {
  'id': (string);
  'name': (string);
}
