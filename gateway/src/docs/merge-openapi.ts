// Merging the services' OpenAPI 3 documents into the one published at /v3/api-docs.
// Pure functions (no I/O) so they are tested on their own.

export type JsonObject = { [key: string]: unknown };

export interface OpenApiDocument extends JsonObject {
  openapi: string;
  info: JsonObject;
  paths?: Record<string, JsonObject>;
  components?: Record<string, Record<string, unknown>>;
  tags?: Array<{ name: string } & JsonObject>;
}

export interface SourceDocument {
  service: string;
  document: OpenApiDocument;
}

export interface MergeOptions {
  /** Whether a path of a service's document belongs in the merged document. */
  includePath?: (service: string, path: string) => boolean;
}

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON with sorted keys, for structural equality of components. */
const canonical = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
};

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
const refOf = (type: string, name: string) => `#/components/${escapePointer(type)}/${escapePointer(name)}`;

/** A deep copy with every `$ref` found in `renames` replaced. */
const rewriteRefs = (value: unknown, renames: Map<string, string>): unknown => {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, renames));
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = k === '$ref' && typeof v === 'string' && renames.has(v) ? renames.get(v) : rewriteRefs(v, renames);
  }
  return out;
};

/** "catalog-search" → "CatalogSearch". */
export const componentPrefix = (service: string): string =>
  service
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((p) => p[0]!.toUpperCase() + p.slice(1))
    .join('');

/**
 * Merges service documents into `base` (the gateway's own document):
 * - paths: union (filtered by includePath); operations of the same path are combined;
 * - components of every kind: equal definitions with the same name are shared; a different
 *   definition under a name already taken is renamed `<Service>_<name>` and every `$ref` of that
 *   service's document is rewritten to the new name (repeated until no rename changes anything,
 *   so components that only differ through a renamed reference are renamed too);
 * - tags: union by name.
 */
export const mergeOpenApiDocuments = (
  base: OpenApiDocument,
  sources: SourceDocument[],
  options: MergeOptions = {},
): OpenApiDocument => {
  const merged: OpenApiDocument = structuredClone(base);
  merged.paths ??= {};
  merged.components ??= {};
  merged.tags ??= [];

  for (const { service, document } of sources) {
    const renames = new Map<string, string>(); // old $ref → new $ref
    const newNames = new Map<string, string>(); // `${type}/${name}` → new name
    const takenNames = (type: string) => merged.components![type] ?? {};
    let doc: OpenApiDocument;
    for (;;) {
      doc = rewriteRefs(document, renames) as OpenApiDocument;
      let changed = false;
      for (const [type, entries] of Object.entries(doc.components ?? {})) {
        if (!isObject(entries)) continue;
        for (const [name, definition] of Object.entries(entries)) {
          if (renames.has(refOf(type, name))) continue;
          const existing = takenNames(type)[name];
          if (existing !== undefined && canonical(existing) !== canonical(definition)) {
            let candidate = `${componentPrefix(service)}_${name}`;
            for (let i = 2; takenNames(type)[candidate] !== undefined || entries[candidate] !== undefined; i++) {
              candidate = `${componentPrefix(service)}_${name}_${i}`;
            }
            renames.set(refOf(type, name), refOf(type, candidate));
            newNames.set(`${type}/${name}`, candidate);
            changed = true;
          }
        }
      }
      if (!changed) break;
    }

    for (const [type, entries] of Object.entries(doc.components ?? {})) {
      if (!isObject(entries)) continue;
      const target = (merged.components[type] ??= {});
      for (const [name, definition] of Object.entries(entries)) {
        target[newNames.get(`${type}/${name}`) ?? name] ??= definition;
      }
    }

    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      if (!isObject(item)) continue;
      if (options.includePath && !options.includePath(service, path)) continue;
      merged.paths[path] = { ...(merged.paths[path] ?? {}), ...item };
    }

    for (const tag of doc.tags ?? []) {
      if (isObject(tag) && typeof tag.name === 'string' && !merged.tags.some((t) => t.name === tag.name)) {
        merged.tags.push(tag);
      }
    }
  }
  if (merged.tags.length === 0) delete merged.tags;
  return merged;
};
