import fc from 'fast-check';
import { z } from 'zod';
import type { Role } from '../auth';
import type { DefinedRoute } from '../routes';
import type { ApiCallOptions, ApiClient } from './api-client';
import { encodeAny, hostileQuery, hostileString } from './hostile';

/**
 * Requests generated from a route's own schemas, for property tests that every operation of a
 * service answers what it documents — never a 5xx — whatever a client sends. Most generated
 * requests have the documented shape with values at and near the bounds the schema states
 * (longest strings, astral and Korean text, formula-leading cells, integers up to 2^53, date-times
 * from year 0000 to 9999 with the offsets the schema takes, impossible calendar days, known ids
 * also in capitals), so they get past validation and reach the use case and the database, where an
 * unbounded integer, a column narrower than its schema or an instant PostgreSQL cannot store
 * answers 500; one request in eight carries a wrong type, a hostile string or a deep nesting in one
 * field, which the route must refuse with its 400.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
};

/** Values a test knows exist (ids of its fixtures), by parameter or property name. */
export type SweepFixtures = Record<string, readonly string[]>;

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Strings with no stated bound stay under the JSON body limits services set (≥ 100 KB)… */
const UNBOUNDED_BODY_STRING = 20_000;
/** …and, in a URL, under Node's 16 KiB header limit (beyond it every route answers 431 unrouted). */
const UNBOUNDED_URL_STRING = 1_000;

// Code points a person may type: ASCII, Latin-1, Hangul, CJK, an emoji (two UTF-16 units), RTL,
// zero-width and line separators; no lone surrogates (those are the hostile variant's).
const codePoint = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
  { weight: 2, arbitrary: fc.integer({ min: 0xac00, max: 0xd7a3 }) },
  { weight: 1, arbitrary: fc.constantFrom(0xa0, 0xe9, 0x4e2d, 0x1f600, 0x5d0, 0x200b, 0x2028, 0x202e, 0xfeff, 0x09, 0x0a) },
);

/** Trims to at most `max` UTF-16 units without splitting a surrogate pair. */
const fitUnits = (s: string, max: number): string => {
  if (s.length <= max) return s;
  let out = '';
  for (const ch of s) {
    if (out.length + ch.length > max) break;
    out += ch;
  }
  return out;
};

/**
 * Lengths a column is often declared with, tried when the schema states no bound of its own (a
 * transform's input, such as trim-then-check, shows none): a varchar narrower than what the route
 * lets through answers 500.
 */
const COLUMN_WIDTHS = [32, 33, 50, 51, 64, 65, 100, 101, 120, 121, 200, 201, 255, 256, 500, 501, 1000, 1001, 2000, 2001];

/** Text a person may type, `min` to `max` UTF-16 units (at most 40 code points generated). */
export const personText = (min: number, max: number): fc.Arbitrary<string> =>
  fc.array(codePoint, { minLength: min, maxLength: Math.min(max, 40) }).map((cps) => fitUnits(String.fromCodePoint(...cps), max));

const stringOf = (min: number, max: number, stated: boolean): fc.Arbitrary<string> => {
  const typed = personText(min, max);
  const edges = [
    ...(stated ? [] : COLUMN_WIDTHS.filter((n) => n <= max).map((n) => '가'.repeat(n))),
    'user@example.com',
    'x'.repeat(max),
    '가'.repeat(max),
    '😀'.repeat(Math.floor(max / 2)) + (max % 2 ? 'x' : ''),
    ' '.repeat(Math.max(min, 1)),
    fitUnits('=HYPERLINK("http://x")', max),
    fitUnits('+1-2', max),
    fitUnits("%_\\'\"; drop table x; --", max),
  ].filter((s) => s.length >= min && s.length <= max);
  return fc.oneof({ weight: 4, arbitrary: typed.filter((s) => s.length >= min) }, { weight: 2, arbitrary: fc.constantFrom(...edges) });
};

const isoDate = fc.date({ min: new Date('0001-01-01T00:00:00.000Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true });
const nearDate = fc.integer({ min: -400 * 86_400_000, max: 400 * 86_400_000 }).map((ms) => new Date(Date.now() + ms));
const anyDate = fc.oneof({ weight: 2, arbitrary: nearDate }, { weight: 1, arbitrary: isoDate });

/** ISO 8601 instants near now and across years 0001–9999, with offsets, and the ends that leave that range. */
export const instantText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: anyDate.map((d) => d.toISOString()) },
  { weight: 1, arbitrary: fc.tuple(anyDate, fc.constantFrom('+09:00', '-14:00', '+14:00')).map(([d, offset]) => `${d.toISOString().slice(0, 19)}${offset}`) },
  { weight: 1, arbitrary: fc.constantFrom('0000-01-01T00:00:00.000Z', '9999-12-31T23:59:59-14:00', '2026-02-31T00:00:00Z', '2026-05-01') },
);

const stringArbitrary = (s: JsonSchema, unbounded: number): fc.Arbitrary<string> => {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? unbounded;
  switch (s.format) {
    case 'uuid':
      return fc.oneof(fc.uuid({ version: [4, 7] }), fc.constantFrom('00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff'));
    case 'date-time': {
      const utc = anyDate.map((d) => d.toISOString());
      // zod's pattern names the offsets it accepts; with them, an instant can leave years 1–9999 UTC.
      const offsets = s.pattern?.includes('[+-]') ?? false;
      const ends = ['0000-01-01T00:00:00.000Z', '0001-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z'];
      if (offsets) ends.push('0001-01-01T00:00:00+09:00', '9999-12-31T23:59:59-14:00', '9999-12-31T23:59:59.999+14:00');
      const shifted = fc
        .tuple(anyDate, fc.constantFrom('+09:00', '-14:00', '+14:00', '+05:30'))
        .map(([d, offset]) => `${d.toISOString().slice(0, 19)}${offset}`);
      return fc.oneof({ weight: 4, arbitrary: utc }, { weight: offsets ? 2 : 0, arbitrary: shifted }, { weight: 1, arbitrary: fc.constantFrom(...ends) });
    }
    case 'date':
      return fc.oneof({ weight: 6, arbitrary: anyDate.map((d) => d.toISOString().slice(0, 10)) }, { weight: 1, arbitrary: fc.constantFrom('0000-01-01', '0001-01-01', '9999-12-31', '2026-02-29', '2028-02-29', '2026-02-31') });
    case 'email':
      return fc.oneof(
        fc.stringMatching(/^[a-z0-9]{1,20}$/).map((local) => `${local}@example.com`),
        fc.constant(`${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.com`),
        fc.emailAddress(),
      );
    case 'uri':
    case 'url':
      return fc.webUrl();
    default:
      break;
  }
  if (s.pattern) {
    try {
      const matching = fc.stringMatching(new RegExp(s.pattern));
      return matching.filter((v) => v.length >= min && v.length <= max);
    } catch {
      // A pattern fast-check cannot generate from: plain strings (the route answers 400).
    }
  }
  return stringOf(min, max, s.maxLength !== undefined);
};

const numberArbitrary = (s: JsonSchema, integer: boolean): fc.Arbitrary<number> => {
  const lower = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : Number.EPSILON) : (s.minimum ?? -MAX_SAFE);
  const upper = s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : Number.EPSILON) : (s.maximum ?? MAX_SAFE);
  const min = Math.max(lower, -MAX_SAFE);
  const max = Math.min(upper, MAX_SAFE);
  const edges = [min, max, 0, 1, -1, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 32, MAX_SAFE, -MAX_SAFE].filter((n) => n >= min && n <= max);
  const inRange = integer
    ? fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  const base = fc.oneof({ weight: 3, arbitrary: inRange }, { weight: 1, arbitrary: fc.constantFrom(...(edges.length ? edges : [min])) });
  return s.multipleOf ? base.map((n) => Math.round(n / s.multipleOf!) * s.multipleOf!) : base;
};

/** A value of the wrong kind for a field: the route must answer its 400, nothing else. */
const deepNest = (depth: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i += 1) v = { a: v };
  return v;
};
const wrongValue = (text: fc.Arbitrary<string>): fc.Arbitrary<unknown> => fc.oneof(
  text,
  fc.constant(null),
  fc.constant(true),
  fc.constant(-1),
  fc.constant(1e308),
  fc.constant([]),
  fc.constant({}),
  fc.constant([['x']]),
  fc.constant(deepNest(60)),
);

/** The value with its `pick`-th field (depth first, containers included, modulo their count) replaced. */
const replaceOne = (value: unknown, pick: number, wrong: unknown): unknown => {
  const slots: Array<{ holder: Record<string, unknown> | unknown[]; key: string | number }> = [];
  const walk = (v: unknown) => {
    if (v === null || typeof v !== 'object') return;
    for (const [key, item] of Object.entries(v)) {
      slots.push({ holder: v as Record<string, unknown>, key: Array.isArray(v) ? Number(key) : key });
      walk(item);
    }
  };
  const copy = structuredClone(value);
  walk(copy);
  if (!slots.length) return copy;
  const slot = slots[pick % slots.length]!;
  (slot.holder as Record<string | number, unknown>)[slot.key] = wrong;
  return copy;
};

class SchemaArbitraries {
  constructor(
    private readonly root: JsonSchema,
    private readonly fixtures: SweepFixtures,
    private readonly unbounded: number,
  ) {
    this.wrong = wrongValue(unbounded === UNBOUNDED_URL_STRING ? hostileQuery : hostileString);
  }

  private readonly wrong: fc.Arbitrary<unknown>;

  private resolve(s: JsonSchema): JsonSchema {
    if (!s.$ref) return s;
    const name = s.$ref.replace(/^#\/\$defs\//, '');
    const target = this.root.$defs?.[name];
    return target ? this.resolve(target) : {};
  }

  /**
   * A value of the schema's shape, or (1 in 8) the same value with one field — anywhere in it, an
   * item of an array too — replaced by a wrong one: one wrong field per request, so the 400 it
   * earns is that field's, and a long array is not made invalid by the sheer number of its fields.
   */
  value(s: JsonSchema): fc.Arbitrary<unknown> {
    const shaped = this.of(s, undefined);
    const broken = fc.tuple(shaped, fc.nat(), this.wrong).map(([v, pick, wrong]) => replaceOne(v, pick, wrong));
    return fc.oneof({ weight: 7, arbitrary: shaped }, { weight: 1, arbitrary: broken });
  }

  of(raw: JsonSchema, name: string | undefined): fc.Arbitrary<unknown> {
    const s = this.resolve(raw);
    if (s.const !== undefined) return fc.constant(s.const);
    if (s.enum) return fc.constantFrom(...s.enum);
    const alternatives = s.anyOf ?? s.oneOf;
    if (alternatives?.length) return fc.oneof(...alternatives.map((a) => this.of(a, name)));
    if (s.allOf?.length) return this.of(this.merge(s.allOf.map((a) => this.resolve(a))), name);
    const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
    const nonNull = types.filter((t) => t !== 'null');
    if (types.includes('null') && !nonNull.length) return fc.constant(null);
    const value = this.ofType(s, nonNull[0], name);
    return types.includes('null') ? fc.oneof({ weight: 4, arbitrary: value }, { weight: 1, arbitrary: fc.constant(null) }) : value;
  }

  private ofType(s: JsonSchema, type: string | undefined, name: string | undefined): fc.Arbitrary<unknown> {
    const known = name !== undefined && type !== 'array' && type !== 'object' ? this.fixtures[name] : undefined;
    const generated = this.generated(s, type, name);
    // Known values by name whatever the stated type: a field whose type only its transform knows
    // (z.unknown().transform(...), a preprocess) states none, and reaches the use case only so.
    if (!known?.length) return generated;
    // A known id in capitals is the same id (UUIDs are case-insensitive): now and then sent so.
    const capitals = known.filter((v) => UUID.test(v) && v !== v.toUpperCase()).map((v) => v.toUpperCase());
    return fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...known) },
      { weight: capitals.length ? 1 : 0, arbitrary: fc.constantFrom(...(capitals.length ? capitals : known)) },
      { weight: 1, arbitrary: generated },
    );
  }

  private generated(s: JsonSchema, type: string | undefined, name: string | undefined): fc.Arbitrary<unknown> {
    switch (type) {
      case 'string':
        return stringArbitrary(s, this.unbounded);
      case 'integer':
        return numberArbitrary(s, true);
      case 'number':
        return numberArbitrary(s, false);
      case 'boolean':
        return fc.boolean();
      case 'array': {
        const items = s.items ? this.of(s.items, name) : fc.string();
        const min = s.minItems ?? 0;
        const max = s.maxItems ?? 50;
        const some = fc.array(items, { minLength: min, maxLength: Math.max(min, Math.min(max, 8)) });
        return max <= 1000 ? fc.oneof({ weight: 4, arbitrary: some }, { weight: 1, arbitrary: fc.array(items, { minLength: max, maxLength: max }) }) : some;
      }
      case 'object': {
        const props = Object.entries(s.properties ?? {});
        if (!props.length) return fc.constant({});
        const required = new Set(s.required ?? []);
        return fc.record(Object.fromEntries(props.map(([key, p]) => [key, this.of(p, key)])), {
          requiredKeys: props.map(([key]) => key).filter((key) => required.has(key)),
        });
      }
      default:
        // No type stated (z.custom, z.any, a transform's input): anything JSON can carry.
        return fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean(), fc.constant(null));
    }
  }

  private merge(parts: JsonSchema[]): JsonSchema {
    return {
      type: 'object',
      properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})),
      required: parts.flatMap((p) => p.required ?? []),
    };
  }
}

const jsonSchemaOf = (schema: z.ZodType): JsonSchema => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** Generated values for a zod schema (see the module comment). */
export const arbitraryFor = (schema: z.ZodType, fixtures: SweepFixtures = {}, where: 'body' | 'url' = 'body'): fc.Arbitrary<unknown> => {
  const root = jsonSchemaOf(schema);
  return new SchemaArbitraries(root, fixtures, where === 'url' ? UNBOUNDED_URL_STRING : UNBOUNDED_BODY_STRING).value(root);
};

/** A path segment must stay one segment: not empty, and not "." or ".." (a client's URL resolution removes those). */
const isSegment = (v: unknown) => !['', '.', '..'].includes(String(v ?? 'x'));

/** A query value as a client would put it in the URL (arrays as repeated keys). */
const queryPairs = (query: Record<string, unknown>): string =>
  Object.entries(query)
    .flatMap(([key, value]) => (Array.isArray(value) ? value.map((v) => [key, v] as const) : [[key, value] as const]))
    .filter(([, v]) => v !== undefined)
    .map(([key, v]) => `${encodeAny(key)}=${encodeAny(typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v))}`)
    .join('&');

export interface SweepRequest {
  method: string;
  path: string;
  options: ApiCallOptions;
}

/** Requests to one route: path parameters (fixtures first), query and JSON body from its schemas. */
export const requestsFor = (
  route: DefinedRoute,
  fixtures: SweepFixtures,
  token?: fc.Arbitrary<string | undefined>,
  headers: Record<string, readonly string[]> = {},
): fc.Arbitrary<SweepRequest> => {
  const { params, query, body } = route.request;
  const paramNames = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const paramsArb: fc.Arbitrary<Record<string, unknown>> = params
    ? (arbitraryFor(params, fixtures, 'url') as fc.Arbitrary<Record<string, unknown>>).filter((p) => paramNames.every((n) => isSegment(p[n])))
    : fc.constant({});
  const queryArb = query ? (arbitraryFor(query, fixtures, 'url') as fc.Arbitrary<Record<string, unknown>>) : fc.constant(undefined);
  const bodyArb = body ? arbitraryFor(body, fixtures) : fc.constant(undefined);
  const headersArb = fc.record(Object.fromEntries(Object.entries(headers).filter(([, values]) => values.length).map(([name, values]) => [name, fc.constantFrom(...values)])));
  return fc.record({ p: paramsArb, q: queryArb, b: bodyArb, t: token ?? fc.constant(undefined), h: headersArb }).map(({ p, q, b, t, h }) => {
    let path = route.path;
    for (const name of paramNames) path = path.replace(`{${name}}`, encodeAny(String(p[name] ?? 'x')));
    const search = q && typeof q === 'object' ? queryPairs(q) : '';
    return {
      method: route.method.toUpperCase(),
      path: search ? `${path}?${search}` : path,
      options: { ...(t ? { token: t } : {}), ...(b !== undefined ? { body: b } : {}), ...(Object.keys(h).length ? { headers: h as Record<string, string> } : {}) },
    };
  });
};

const methodOrder = ['get', 'post', 'put', 'patch', 'delete'];

export interface SweepOptions {
  /** The service's drift-checking client (testing/api-client): an undocumented answer fails the run. */
  call: ApiClient;
  /** Bearer tokens to send for a route's roles (a role it does not list is not tried). */
  tokens: Partial<Record<Role, string>>;
  fixtures?: SweepFixtures;
  numRuns?: number;
  /** Routes the sweep leaves to their own tests (streams, multipart uploads), by operationId. */
  skip?: readonly string[];
  /** Only these routes, by operationId: a sweep in several passes, each with the fixtures its routes consume. */
  only?: readonly string[];
  /** Headers to send, one of the values of each per request (a credential a route reads from its header, e.g. X-API-Key). */
  headers?: Record<string, readonly string[]>;
}

/** The JSON routes of a service, reads first and deletes last (so fixtures live as long as possible). */
export const sweepableRoutes = (routes: readonly DefinedRoute[], skip: readonly string[] = [], only?: readonly string[]): DefinedRoute[] =>
  routes
    .filter((r) => !skip.includes(r.operationId) && (!only || only.includes(r.operationId)) && !r.request.contentType)
    .sort((a, b) => methodOrder.indexOf(a.method) - methodOrder.indexOf(b.method));

/**
 * Sweeps every JSON route (sweepableRoutes) and fails once, naming each route whose property
 * failed with its shrunk counterexample, so one run shows them all.
 */
export const sweepRoutes = async (routes: readonly DefinedRoute[], options: SweepOptions): Promise<void> => {
  const failures: string[] = [];
  for (const route of sweepableRoutes(routes, options.skip, options.only)) {
    try {
      await sweepRoute(route, options);
    } catch (err) {
      failures.push(`${route.operationId} (${route.method.toUpperCase()} ${route.path}):\n${(err as Error).message}`);
    }
  }
  if (failures.length) throw new Error(`${failures.length} operation(s) answered what they do not document:\n\n${failures.join('\n\n')}`);
};

/** Runs the generated requests of one route: each answer must be documented (the client checks) and never a 5xx. */
export const sweepRoute = async (route: DefinedRoute, options: SweepOptions): Promise<void> => {
  const auth = route.request.auth;
  const tokens = auth === 'public' ? [] : auth === 'optional' ? Object.values(options.tokens) : auth.roles.map((r) => options.tokens[r]).filter((t): t is string => Boolean(t));
  const token = tokens.length ? fc.constantFrom(...tokens) : fc.constant(undefined);
  const statuses = new Map<string, number>();
  const count = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);
  const refusals = new Set<string>();
  const details = await fc.check(
    fc.asyncProperty(requestsFor(route, options.fixtures ?? {}, token, options.headers), async (req) => {
      const res = await options.call(req.method, req.path, req.options).catch((err: Error) => {
        count(`${/answered (\d{3})/.exec(err.message)?.[1] ?? '?'}(undocumented)`);
        throw err;
      });
      count(String(res.status));
      if (process.env.SWEEP_STATS && res.status === 400 && refusals.size < 4) refusals.add(res.text.slice(0, 200));
      if (res.status >= 500) throw new Error(`answered ${res.status}: ${res.text.slice(0, 300)}`);
    }),
    { numRuns: options.numRuns ?? 30 },
  );
  // SWEEP_STATS=1 prints what each route answered, to see how deep the generated requests reach.
  if (process.env.SWEEP_STATS) process.stderr.write(`${route.operationId}: ${[...statuses].sort(([a], [b]) => a.localeCompare(b)).map(([st, n]) => `${st}×${n}`).join(' ')}\n${[...refusals].map((r) => `    ${r}\n`).join('')}`);
  if (!details.failed) return;
  const req = details.counterexample?.[0];
  // Runs of one character are folded (x…×20000); everything else is shown, a query's values too.
  const fold = (text: string) => text.replace(/(.)\1{11,}/gsu, (run, ch: string) => `${ch}…×${[...run].length}`);
  const shown = (v: unknown) => fold(JSON.stringify(v) ?? 'undefined').slice(0, 2_000);
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(
    `${cause.slice(0, 600)}\n  sent: ${req ? `${req.method} ${shown(req.path)} body ${shown(req.options.body)}` : '(no counterexample)'}\n  (seed ${details.seed}, path "${details.counterexample ? details.counterexamplePath : ''}")`,
  );
};
