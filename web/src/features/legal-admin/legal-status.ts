/**
 * Rules of legal document versions as the backoffice shows them (spec 02 § Legal documents and
 * consents, § Legal document status, § Limits). The stored status is a snapshot taken at
 * publication and may be stale: the status shown is computed from effectiveAt at `now`.
 */

export type LegalStatus = 'SCHEDULED' | 'ACTIVE' | 'SUPERSEDED';

export const VERSION_MAX = 32;
export const CONTENT_MAX = 200_000;
/** An effectiveAt this close to now (either side) means "now"; further back is refused. */
export const EFFECTIVE_AT_TOLERANCE_MS = 60_000;

export interface DatedVersion {
  id: string;
  effectiveAt: string;
  status: LegalStatus;
}

const time = (iso: string) => Date.parse(iso);

/** History order: effectiveAt desc, then id desc (ids are UUID v7: the later publication first). */
export const compareNewestFirst = (a: Pick<DatedVersion, 'id' | 'effectiveAt'>, b: Pick<DatedVersion, 'id' | 'effectiveAt'>): number => {
  const byTime = time(b.effectiveAt) - time(a.effectiveAt);
  if (byTime !== 0) return byTime;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
};

/** The current version: the latest whose effectiveAt is not in the future; null when none. */
export const currentVersion = <D extends Pick<DatedVersion, 'id' | 'effectiveAt'>>(items: readonly D[], now: Date): D | null =>
  [...items].sort(compareNewestFirst).find((d) => time(d.effectiveAt) <= now.getTime()) ?? null;

export type WithStatusNow<D> = D & { statusNow: LegalStatus; isCurrent: boolean };

/** Each version with its status at `now`: SCHEDULED ahead, ACTIVE the current one, SUPERSEDED the rest. */
export const statusesAt = <D extends Pick<DatedVersion, 'id' | 'effectiveAt'>>(items: readonly D[], now: Date): Array<WithStatusNow<D>> => {
  const current = currentVersion(items, now);
  return [...items].sort(compareNewestFirst).map((d) => {
    const isCurrent = current !== null && d.id === current.id;
    const statusNow: LegalStatus = time(d.effectiveAt) > now.getTime() ? 'SCHEDULED' : isCurrent ? 'ACTIVE' : 'SUPERSEDED';
    return { ...d, statusNow, isCurrent };
  });
};

/** The server cancels only a SCHEDULED version whose effective time is still ahead. */
export const canCancel = (d: Pick<DatedVersion, 'effectiveAt' | 'status'>, now: Date): boolean =>
  d.status === 'SCHEDULED' && time(d.effectiveAt) > now.getTime();

export type Publication = 'NOW' | 'SCHEDULED' | 'PAST';

/**
 * What a publication with this effective time becomes: absent or within 60 s of now → in effect
 * at once; more than 60 s ahead → scheduled; more than 60 s back → refused
 * (400 LEGAL_DOC_INVALID_EFFECTIVE_AT), so the form says so before sending.
 */
export const publicationOf = (effectiveAt: Date | null, now: Date): Publication => {
  if (!effectiveAt) return 'NOW';
  const delta = effectiveAt.getTime() - now.getTime();
  if (delta < -EFFECTIVE_AT_TOLERANCE_MS) return 'PAST';
  if (delta > EFFECTIVE_AT_TOLERANCE_MS) return 'SCHEDULED';
  return 'NOW';
};

export type VersionProblem = 'REQUIRED' | 'TOO_LONG' | 'DUPLICATE';

/** The version label: not blank, at most 32 characters, not one already published of this kind. */
export const versionProblem = (version: string, published: readonly string[]): VersionProblem | null => {
  const v = version.trim();
  if (!v) return 'REQUIRED';
  if (v.length > VERSION_MAX) return 'TOO_LONG';
  if (published.includes(v)) return 'DUPLICATE';
  return null;
};

export type ContentProblem = 'REQUIRED' | 'TOO_LONG';

export const contentProblem = (content: string): ContentProblem | null =>
  content.trim().length === 0 ? 'REQUIRED' : content.length > CONTENT_MAX ? 'TOO_LONG' : null;
