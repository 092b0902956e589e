interface NamedPlaylist {
  id: string;
  name: string;
}

/** A playlist with where the store's queue takes it from. */
export interface EffectivePlaylist extends NamedPlaylist {
  source: 'STORE' | 'DEFAULT';
}

/**
 * The playlist a store plays at store level (spec 03 § What the service does, queue resolution
 * without a device): its own active playlist, else the HQ default, else none.
 */
export const effectivePlaylist = (own: NamedPlaylist | null, hqDefault: NamedPlaylist | null): EffectivePlaylist | null => {
  if (own) return { id: own.id, name: own.name, source: 'STORE' };
  if (hqDefault) return { id: hqDefault.id, name: hqDefault.name, source: 'DEFAULT' };
  return null;
};
