// Original file: storecast/catalog/v1/catalog.proto


export interface Music {
  'id'?: (string);
  'title'?: (string);
  'durationSeconds'?: (number | string);
  'musicSource'?: (string);
  'audioUrl'?: (string);
  'libraryId'?: (string);
  'createdAt'?: (string);
  'updatedAt'?: (string);
  'deletedAt'?: (string);
  '_libraryId'?: "libraryId";
  '_deletedAt'?: "deletedAt";
}

export interface Music__Output {
  'id': (string);
  'title': (string);
  'durationSeconds': (number);
  'musicSource': (string);
  'audioUrl': (string);
  'libraryId'?: (string);
  'createdAt': (string);
  'updatedAt': (string);
  'deletedAt'?: (string);
  '_libraryId'?: "libraryId";
  '_deletedAt'?: "deletedAt";
}
