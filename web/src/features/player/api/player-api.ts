import { api, unwrap } from '../../../lib/api/client';
import { ApiError } from '../../../lib/errors/api-error';
import { NetworkError, type PlayerApi, type QueueItem, type ServerTimeSample, type StoreQueue } from '../../../player/ports';

/** Network failures and 5xx become the engine's NetworkError (retry later); 4xx stay ApiError. */
const engineCall = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ApiError && (err.isNetwork || err.status >= 500 || err.status === 429)) throw new NetworkError(err.code);
    throw err;
  }
};

/** A call's data plus what its Date header says about the server's clock. */
const timed = async <T>(call: () => Promise<{ data?: T; error?: unknown; response: Response }>): Promise<{ data: T; time: ServerTimeSample }> => {
  const sentAt = Date.now();
  let response: Response | undefined;
  const data = await unwrap(
    call().then((r) => {
      response = r.response;
      return r;
    }),
  );
  return { data, time: { serverDate: response?.headers.get('date') ?? null, sentAt, receivedAt: Date.now() } };
};

const query = (deviceId: string | null) => (deviceId ? { deviceId } : {});

/** The store player's calls (spec 03 § Store delivery), on the generated client. */
export const playerApi: PlayerApi = {
  readQueue: (deviceId) =>
    engineCall(async () => {
      const { data, time } = await timed(() => api.GET('/api/v1/store/playback/queue', { params: { query: query(deviceId) } }));
      const queue: StoreQueue = {
        items: data.items.map((item): QueueItem =>
          item.type === 'MUSIC'
            ? { type: 'MUSIC', musicId: item.musicId, title: item.title, durationSeconds: item.durationSeconds, libraryId: item.libraryId ?? null, audioUrl: item.audioUrl }
            : { type: 'COMMERCIAL', commercialId: item.commercialId, title: item.title, durationSeconds: item.durationSeconds, audioUrl: item.audioUrl, duckMusic: item.duckMusic },
        ),
        commercialCycleSongs: data.commercialCycleSongs,
        ducking: data.ducking,
        playlist: data.playlist,
        generatedAt: data.generatedAt,
        ...('songsUntilCommercial' in data && typeof data.songsUntilCommercial === 'number' ? { songsUntilCommercial: data.songsUntilCommercial } : {}),
      };
      return { queue, time };
    }),
  readPending: (deviceId) =>
    engineCall(async () => {
      const { data, time } = await timed(() => api.GET('/api/v1/store/announcements/pending', { params: { query: query(deviceId) } }));
      return { pending: data, time };
    }),
  ack: (dispatchId, body) =>
    engineCall(async () => {
      try {
        await unwrap(api.POST('/api/v1/store/announcements/{dispatchId}/ack', { params: { path: { dispatchId } }, body }));
        return 'ok' as const;
      } catch (err) {
        // Already final (played elsewhere, expired, canceled): the server keeps its first result.
        if (err instanceof ApiError && err.code === 'DISPATCH_NOT_FOUND') return 'final' as const;
        throw err;
      }
    }),
  issueStreamTicket: (deviceId) =>
    engineCall(() => unwrap(api.POST('/api/v1/store/announcements/stream-ticket', { params: { query: query(deviceId) } }))),
  report: (body) => engineCall(() => unwrap(api.POST('/api/v1/store/playback/report', { body }))),
};
