// Original file: storecast/dispatch/v1/commercials.proto


export interface CommercialSong {
  'id'?: (string);
  'title'?: (string);
  'durationSeconds'?: (number);
  'audioUrl'?: (string);
}

export interface CommercialSong__Output {
  'id': (string);
  'title': (string);
  'durationSeconds': (number);
  'audioUrl': (string);
}
