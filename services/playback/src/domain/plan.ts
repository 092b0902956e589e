import type { MusicSource } from './play-logs';

/**
 * Plan filtering (spec 03): plan TRUST plays TRUST and AI music, plan AI plays AI music only,
 * no plan plays all music. Catalog-search filters by plan already; the queue applies it again so
 * a store never receives music its plan does not license.
 */
export const planAllows = (plan: 'AI' | 'TRUST' | null, source: MusicSource): boolean => plan === null || plan === 'TRUST' || source === 'AI';
