import * as grpc from '@grpc/grpc-js';
import { commercialsProto, type CommercialServiceHandlers } from '@storecast/proto';
import { startGrpcServer, unaryHandler, type RunningGrpcServer } from '@storecast/service-kit';

// gRPC contract double of announcement-dispatch's CommercialService
// (proto/storecast/dispatch/v1/commercials.proto), answering from an in-memory table the way the
// service is specified to answer (organization and catalog-search are the kit's doubles). `down =
// true` answers UNAVAILABLE, like an unreachable peer; `calls` lists what was asked.

const downable = <Req, Res>(isDown: () => boolean, calls: Array<{ method: string; request: unknown }>, method: string, impl: (req: Req) => Res): grpc.handleUnaryCall<Req, Res> => {
  const inner = unaryHandler<Req, Res>(async (req) => impl(req));
  return (call, callback) => {
    calls.push({ method, request: call.request });
    if (isDown()) return callback({ code: grpc.status.UNAVAILABLE, details: `${method}: down`, metadata: new grpc.Metadata() }, null);
    inner(call, callback);
  };
};

export interface DoubleCommercial {
  id: string;
  hqId: string;
  title: string;
  durationSeconds: number;
  active: boolean;
  deleted: boolean;
}

/**
 * CommercialService: commercial songs of HQs; ListActiveCommercialSongs answers the HQ's active,
 * non-deleted songs in ascending id order (none for an unknown HQ).
 */
export class CommercialsDouble {
  down = false;
  readonly calls: Array<{ method: string; request: unknown }> = [];
  readonly songs = new Map<string, DoubleCommercial>();
  private server?: RunningGrpcServer;

  add(song: Partial<DoubleCommercial> & { id: string; hqId: string }): DoubleCommercial {
    const record: DoubleCommercial = { title: `CM ${song.id.slice(-4)}`, durationSeconds: 15, active: true, deleted: false, ...this.songs.get(song.id), ...song };
    this.songs.set(song.id, record);
    return record;
  }

  /** Deleted for good: the record is gone (the event is the test's to publish). */
  purge(id: string): void {
    this.songs.delete(id);
  }

  async start(): Promise<string> {
    const handlers: CommercialServiceHandlers = {
      ListActiveCommercialSongs: downable(() => this.down, this.calls, 'ListActiveCommercialSongs', (req) => ({
        songs: [...this.songs.values()]
          .filter((s) => s.hqId === req.hqId && s.active && !s.deleted)
          .sort((a, b) => (a.id < b.id ? -1 : 1))
          .map((s) => ({ id: s.id, title: s.title, durationSeconds: s.durationSeconds, audioUrl: `http://s3.test/commercials/${s.id}.mp3?X-Amz-Signature=test` })),
      })),
    };
    this.server = await startGrpcServer(0, [{ definition: commercialsProto().CommercialService.service, implementation: handlers }], '127.0.0.1');
    return `127.0.0.1:${this.server.port}`;
  }

  async stop(): Promise<void> {
    await this.server?.close();
  }
}
