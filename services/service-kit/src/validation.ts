import { z } from 'zod';
import { AppError, type FieldDetail, validationFailed } from './errors';

/**
 * A UUID as the services take it: any case accepted (UUIDs are case-insensitive on input, RFC 9562)
 * and lowercased, the one form every service stores and compares, so an id sent in capitals is the
 * same id, not an unknown one. An in-place overwrite: the schema stays a UUID string in OpenAPI.
 * Every id schema of every service is this one (eslint refuses a bare z.uuid() outside the kit).
 */
export const uuidSchema = () => z.uuid().toLowerCase();

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** NUL or any surrogate: only strings with one of them need the exact checks (most have none). */
// eslint-disable-next-line no-control-regex -- NUL is what is looked for
const SUSPECT = /[\u0000\uD800-\uDFFF]/;
const MAX_DEPTH = 32;

const stringProblem = (value: string): string | undefined => {
  if (!SUSPECT.test(value)) return undefined;
  if (value.includes('\u0000')) return 'must not contain NUL characters';
  if (LONE_SURROGATE.test(value)) return 'must be well-formed Unicode (a lone surrogate was sent)';
  return undefined;
};

/** The problem and the keys leading to it (innermost last); paths are joined only for a finding. */
const findHostile = (value: unknown, depth: number): { keys: string[]; message: string } | undefined => {
  if (typeof value === 'string') {
    const message = stringProblem(value);
    return message ? { keys: [], message } : undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  if (depth > MAX_DEPTH) return { keys: [], message: `nests deeper than ${MAX_DEPTH} levels` };
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const keyProblem = stringProblem(key);
    if (keyProblem) return { keys: [], message: keyProblem };
    const found = findHostile((value as Record<string, unknown>)[key], depth + 1);
    if (found) {
      found.keys.push(key);
      return found;
    }
  }
  return undefined;
};

/**
 * The first value PostgreSQL would refuse (a NUL character, a lone UTF-16 surrogate) or that nests
 * deeper than any request of the spec, with its path; such input is the client's error (400,
 * INVALID_ARGUMENT over gRPC), never a 500 from the database. Runs over every request (HTTP
 * routes: params, query and body, 200-log reports too; gRPC: every unary request), so a string
 * is scanned once for a suspect character and paths are built only for a finding.
 */
export const hostileInput = (value: unknown, path: string, depth = 0): { field: string; message: string } | undefined => {
  const found = findHostile(value, depth);
  if (!found) return undefined;
  const inner = found.keys.reverse().join('.');
  return { field: path && inner ? `${path}.${inner}` : path || inner, message: found.message };
};

/** Maps a zod issue list to the spec's per-field details. */
export const toFieldDetails = (error: z.ZodError): FieldDetail[] =>
  error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(root)',
    code: issue.code.toUpperCase(),
    message: issue.message,
  }));

/** Parses input against a schema; failures become 400 VALIDATION_FAILED with per-field details. */
export const parseInput = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> => {
  const result = schema.safeParse(input);
  if (!result.success) throw validationFailed(toFieldDetails(result.error));
  return result.data;
};

/** Field → message, for domain codes: `details` belongs to VALIDATION_FAILED alone (spec 02 § Errors). */
export const toFieldMessages = (details: FieldDetail[]): Record<string, string> => {
  const fields: Record<string, string> = {};
  for (const d of details) fields[d.field] = fields[d.field] ? `${fields[d.field]}; ${d.message}` : d.message;
  return fields;
};

/**
 * Like parseInput, but raises a domain code instead of VALIDATION_FAILED (e.g. HQ_STORE_INVALID_FIELD);
 * what is wrong goes to `message` and, per field, to `fields`.
 */
export const parseInputAs = <S extends z.ZodType>(schema: S, input: unknown, code: string): z.output<S> => {
  const result = schema.safeParse(input);
  if (!result.success) {
    if (code === 'VALIDATION_FAILED') throw validationFailed(toFieldDetails(result.error));
    const details = toFieldDetails(result.error);
    throw new AppError(400, code, details.map((d) => `${d.field}: ${d.message}`).join('; '), { fields: toFieldMessages(details) });
  }
  return result.data;
};

/** A password as the spec defines it everywhere: 8 to 100 characters. */
export const passwordSchema = z.string().min(8).max(100);
/** Emails are normalized (trimmed, lower-cased) before any lookup or insert. */
export const emailSchema = z.string().trim().toLowerCase().pipe(z.email().max(255));
/** Suspension and closure reasons: not blank, at most 255. */
export const reasonSchema = z.string().trim().min(1).max(255);
