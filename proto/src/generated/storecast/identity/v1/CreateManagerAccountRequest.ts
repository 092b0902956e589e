// Original file: storecast/identity/v1/identity.proto

import type { ActorRef as _storecast_identity_v1_ActorRef, ActorRef__Output as _storecast_identity_v1_ActorRef__Output } from '../../../storecast/identity/v1/ActorRef';

export interface CreateManagerAccountRequest {
  'role'?: (string);
  'email'?: (string);
  'name'?: (string);
  'hqId'?: (string);
  'storeId'?: (string);
  'tempPassword'?: (string);
  'actor'?: (_storecast_identity_v1_ActorRef | null);
  '_name'?: "name";
  '_storeId'?: "storeId";
  '_tempPassword'?: "tempPassword";
}

export interface CreateManagerAccountRequest__Output {
  'role': (string);
  'email': (string);
  'name'?: (string);
  'hqId': (string);
  'storeId'?: (string);
  'tempPassword'?: (string);
  'actor': (_storecast_identity_v1_ActorRef__Output | null);
  '_name'?: "name";
  '_storeId'?: "storeId";
  '_tempPassword'?: "tempPassword";
}
