import fc from 'fast-check';
import * as grpc from '@grpc/grpc-js';
import { hostileString } from './hostile';
import { instantText, personText, type SweepFixtures } from './schema-sweep';

/**
 * Requests generated from a gRPC service's own message descriptors, for property tests that every
 * method answers OK or a platform error (a status with the AppError's code in `x-app-code`), never
 * INTERNAL or UNKNOWN, whatever a peer sends. gRPC peers are our own services, but what they relay
 * comes from clients (an API key header, a store id in a path, a consent's user agent), so a
 * handler meets the same hostile input as a route: NUL and lone surrogates (which PostgreSQL
 * refuses), strings that are not ids, 20,000-character values, int32 and double at their edges
 * (NaN and ±Infinity travel in a double), and repeated fields up to 70,000 items (past
 * PostgreSQL's 65,535 bind parameters). Known ids of the test's fixtures are mixed in by field
 * name (camelCase, as the loader gives them; also in capitals) so requests reach the use cases.
 */

/** Past PostgreSQL's 65,535 bind parameters. */
const PAST_BIND_LIMIT = 70_000;

interface FieldDescriptor {
  name: string;
  jsonName?: string;
  type: string;
  label: string;
  typeName?: string;
}
interface MessageDescriptor {
  name: string;
  field: FieldDescriptor[];
}
interface TypeDefinition {
  format: string;
  type: MessageDescriptor | { value: Array<{ name: string; number: number }> };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INT32_EDGES = [0, 1, -1, 2 ** 31 - 1, -(2 ** 31), 1_000_000, 3600, 3601];
const DOUBLE_EDGES = [0, -0, -1, 1e308, -1e308, Number.MIN_VALUE, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];

/** camelCase of a proto field name, as @grpc/proto-loader (keepCase: false) names the property. */
const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Values PostgreSQL or a parser refuses, sent as they are (a lone surrogate arrives as U+FFFD: protobuf strings are UTF-8). */
const POINTED = ['\u0000', 'a\u0000b', '\ud800', 'x'.repeat(20_000), '가'.repeat(10_000), "%_\\'\"; drop table x; --", '=HYPERLINK("http://x")', '9'.repeat(40), '-1', 'NaN'];

const stringValue = (known: readonly string[] | undefined): fc.Arbitrary<string> => {
  const generated = fc.oneof(
    { weight: 3, arbitrary: personText(0, 200) },
    { weight: 2, arbitrary: fc.constantFrom(...POINTED) },
    { weight: 1, arbitrary: hostileString },
    { weight: 2, arbitrary: fc.uuid({ version: [4, 7] }) },
    { weight: 1, arbitrary: instantText },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', 'OPERATOR', 'HQ_MANAGER', 'STORE_MANAGER', 'AI', 'TRUST', 'ACTIVE') },
  );
  if (!known?.length) return generated;
  const capitals = known.filter((v) => UUID.test(v) && v !== v.toUpperCase()).map((v) => v.toUpperCase());
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...known) },
    { weight: capitals.length ? 1 : 0, arbitrary: fc.constantFrom(...(capitals.length ? capitals : known)) },
    { weight: 1, arbitrary: fc.constantFrom(...known).map((v) => `${v}\u0000`) },
    { weight: 1, arbitrary: fc.constantFrom(...POINTED) },
    { weight: 2, arbitrary: generated },
  );
};

class MessageArbitraries {
  constructor(
    private readonly types: Record<string, unknown>,
    private readonly fixtures: SweepFixtures,
  ) {}

  private definition(typeName: string): TypeDefinition {
    // '.storecast.identity.v1.ApiUsageRecord': messages of one package sit in its namespace.
    const found = this.types[typeName.split('.').pop()!] as TypeDefinition | undefined;
    if (!found?.type) throw new Error(`grpc sweep: ${typeName} is not in the namespace given as types`);
    return found;
  }

  message(descriptor: MessageDescriptor, depth = 0): fc.Arbitrary<Record<string, unknown>> {
    // Most fields present (an absent one reaches the handler as its default: '', 0, false, []).
    const fields = descriptor.field.map((f) => [camel(f.name), fc.oneof({ weight: 1, arbitrary: fc.constant(undefined) }, { weight: 5, arbitrary: this.field(f, depth) })] as const);
    return fc.record(Object.fromEntries(fields)) as fc.Arbitrary<Record<string, unknown>>;
  }

  private field(f: FieldDescriptor, depth: number): fc.Arbitrary<unknown> {
    const name = camel(f.name);
    const one = this.scalar(f, name, depth);
    if (f.label !== 'LABEL_REPEATED') return one;
    const some = fc.array(one, { maxLength: 8 });
    if (f.type !== 'TYPE_STRING') return fc.oneof({ weight: 6, arbitrary: some }, { weight: 1, arbitrary: fc.array(one, { minLength: 1000, maxLength: 1000 }) });
    // Past PostgreSQL's 65,535 bind parameters, for a handler that binds one per item.
    const many = fc.constantFrom(1000, 5001, PAST_BIND_LIMIT).map((n) => this.knownIds(name, n));
    return fc.oneof({ weight: 6, arbitrary: some }, { weight: 1, arbitrary: many });
  }

  private knownIds(name: string, n: number): string[] {
    const known = this.fixtures[name]?.length ? this.fixtures[name]! : ['0190c6a0-0000-7000-8000-000000000000'];
    return Array.from({ length: n }, (_, i) => known[i % known.length]!);
  }

  /**
   * The request with every repeated string field past the bind limit and nothing else, or none if
   * the message has no such field: tried first on every sweep, so a handler that binds one
   * parameter per item is found every time, not in the 4 % of generated requests that carry one.
   */
  pastBindLimit(descriptor: MessageDescriptor): Record<string, unknown> | undefined {
    const repeated = descriptor.field.filter((f) => f.label === 'LABEL_REPEATED' && f.type === 'TYPE_STRING');
    return repeated.length ? Object.fromEntries(repeated.map((f) => [camel(f.name), this.knownIds(camel(f.name), PAST_BIND_LIMIT)])) : undefined;
  }

  private scalar(f: FieldDescriptor, name: string, depth: number): fc.Arbitrary<unknown> {
    switch (f.type) {
      case 'TYPE_STRING':
        return stringValue(this.fixtures[name]);
      case 'TYPE_BOOL':
        return fc.boolean();
      case 'TYPE_INT32':
      case 'TYPE_SINT32':
      case 'TYPE_SFIXED32':
        return fc.oneof(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), fc.constantFrom(...INT32_EDGES));
      case 'TYPE_UINT32':
      case 'TYPE_FIXED32':
        return fc.oneof(fc.nat(), fc.constantFrom(0, 1, 2 ** 32 - 1));
      case 'TYPE_INT64':
      case 'TYPE_SINT64':
      case 'TYPE_UINT64':
      case 'TYPE_FIXED64':
      case 'TYPE_SFIXED64':
        return fc.oneof(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String), fc.constantFrom('0', '-1', '9223372036854775807'));
      case 'TYPE_DOUBLE':
      case 'TYPE_FLOAT':
        return fc.oneof(fc.double(), fc.constantFrom(...DOUBLE_EDGES));
      case 'TYPE_BYTES':
        return fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b));
      case 'TYPE_ENUM': {
        const values = (this.definition(f.typeName!).type as { value: Array<{ name: string }> }).value.map((v) => v.name);
        return fc.constantFrom(...values);
      }
      case 'TYPE_MESSAGE':
        // Recursive messages stop at a depth the handlers could meet.
        return depth > 4 ? fc.constant(undefined) : this.message(this.definition(f.typeName!).type as MessageDescriptor, depth + 1);
      default:
        throw new Error(`grpc sweep: field ${f.name} has type ${f.type}, which the sweep does not generate`);
    }
  }
}

export interface GrpcSweepOptions {
  /** A generated client (its constructor's `service` is the definition swept). */
  client: grpc.Client;
  /** The package namespace the messages are resolved in, e.g. `identityProto()`. */
  types: Record<string, unknown>;
  fixtures?: SweepFixtures;
  /** Access tokens sent as the caller (`authorization: Bearer …`, decision 0008), or none, per call. */
  callers?: readonly string[];
  numRuns?: number;
  /** Methods left to their own tests, by name (`GetHq`). */
  skip?: readonly string[];
  /** Per-call deadline: a method that hangs fails the sweep. */
  deadlineMs?: number;
}

interface Outcome {
  code: grpc.status;
  appCode?: string;
  details?: string;
}

const callRaw = (client: grpc.Client, path: string, def: grpc.MethodDefinition<unknown, unknown>, request: unknown, metadata: grpc.Metadata, deadlineMs: number) =>
  new Promise<Outcome>((resolve) => {
    client.makeUnaryRequest(path, def.requestSerialize, def.responseDeserialize, request, metadata, { deadline: Date.now() + deadlineMs }, (err) => {
      if (!err) return resolve({ code: grpc.status.OK });
      const appCode = err.metadata?.get('x-app-code')?.[0];
      resolve({ code: err.code, appCode: typeof appCode === 'string' ? appCode : undefined, details: err.details });
    });
  });

/** What a method may answer: OK, or a status that carries a platform code (an AppError), never INTERNAL. */
const defectOf = (o: Outcome): string | undefined => {
  if (o.code === grpc.status.OK) return undefined;
  if (o.code === grpc.status.INTERNAL || o.code === grpc.status.UNKNOWN || o.appCode === 'INTERNAL_ERROR') return `answered ${grpc.status[o.code]} (${o.appCode ?? 'no code'}): ${o.details}`;
  if (o.code === grpc.status.DEADLINE_EXCEEDED) return 'did not answer within its deadline';
  // The server's own 4 MB receive limit (two 70,000-item fields in one request): grpc-js refuses
  // the message before any handler, as an HTTP server answers 413.
  if (o.code === grpc.status.RESOURCE_EXHAUSTED && /larger than max/.test(o.details ?? '')) return undefined;
  if (!o.appCode) return `answered ${grpc.status[o.code]} without a platform code: ${o.details}`;
  return undefined;
};

const fold = (text: string) => text.replace(/(.)\1{11,}/gsu, (run, ch: string) => `${ch}…×${[...run].length}`);
const shown = (v: unknown) => fold(JSON.stringify(v, (_, x: unknown) => (typeof x === 'number' && !Number.isFinite(x) ? String(x) : x)) ?? 'undefined').slice(0, 2_000);

/**
 * Sweeps every unary method of the client's service and fails once, naming each method whose
 * property failed with its shrunk request, so one run shows them all. `GRPC_SWEEP_STATS=1` prints
 * what each method answered.
 */
export const sweepGrpc = async (options: GrpcSweepOptions): Promise<void> => {
  const definition = (options.client.constructor as unknown as { service: grpc.ServiceDefinition }).service;
  const arbitraries = new MessageArbitraries(options.types, options.fixtures ?? {});
  const callers = [undefined, ...(options.callers ?? [])];
  const failures: string[] = [];
  for (const [name, def] of Object.entries(definition)) {
    if (options.skip?.includes(name) || def.requestStream || def.responseStream) continue;
    const requestType = (def as unknown as { requestType: TypeDefinition }).requestType;
    const answers = new Map<string, number>();
    const longest = arbitraries.pastBindLimit(requestType.type as MessageDescriptor);
    const examples = longest ? callers.map((caller): [Record<string, unknown>, string | undefined] => [longest, caller]) : [];
    const details = await fc.check(
      fc.asyncProperty(arbitraries.message(requestType.type as MessageDescriptor), fc.constantFrom(...callers), async (request, caller) => {
        const metadata = new grpc.Metadata();
        if (caller) metadata.set('authorization', `Bearer ${caller}`);
        const outcome = await callRaw(options.client, def.path, def as grpc.MethodDefinition<unknown, unknown>, request, metadata, options.deadlineMs ?? 10_000);
        const key = `${grpc.status[outcome.code]}${outcome.appCode ? ` ${outcome.appCode}` : ''}`;
        answers.set(key, (answers.get(key) ?? 0) + 1);
        const defect = defectOf(outcome);
        if (defect) throw new Error(defect);
      }),
      { numRuns: options.numRuns ?? 40, examples },
    );
    if (process.env.GRPC_SWEEP_STATS) process.stderr.write(`${def.path}: ${[...answers].map(([k, n]) => `${k}×${n}`).join(', ')}\n`);
    if (!details.failed) continue;
    const [request, caller] = details.counterexample ?? [];
    const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    failures.push(`${def.path}: ${cause.slice(0, 600)}\n  sent: ${shown(request)}${caller ? ' as a caller' : ''}\n  (seed ${details.seed}, path "${details.counterexamplePath ?? ''}")`);
  }
  if (failures.length) throw new Error(`${failures.length} gRPC method(s) answered a defect:\n\n${failures.join('\n\n')}`);
};
