import { callUnary, orUnavailable } from '@storecast/service-kit';
import type { CommercialServiceClient } from '@storecast/proto';
import type { CommercialsPort } from '../app/ports';

/** CommercialsPort over announcement-dispatch's CommercialService (proto/storecast/dispatch/v1/commercials.proto). */
export const commercialsPeer = (client: CommercialServiceClient): CommercialsPort => ({
  activeSongs: (hqId) =>
    orUnavailable('announcement-dispatch', async () =>
      (await callUnary(client, 'listActiveCommercialSongs', { hqId })).songs.map((s) => ({ id: s.id, title: s.title, durationSeconds: s.durationSeconds, audioUrl: s.audioUrl })),
    ),
});
