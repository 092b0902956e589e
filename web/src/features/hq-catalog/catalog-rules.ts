// Read-only playlists and libraries (spec 03 § Playlists and libraries, § Playlist status).

import type { PlaylistStatus } from './api/catalog-api';

/** EMPTY (nothing to play), UNUSED, ACTIVE (a store or device uses it), FALLBACK (the HQ default no one chose). */
export const PLAYLIST_STATUS_COLOR: Record<PlaylistStatus, string> = { EMPTY: 'gray', UNUSED: 'yellow', ACTIVE: 'green', FALLBACK: 'blue' };

/** A playlist's libraries in the order the store plays them (position, 0-based). */
export const byPosition = <T extends { position: number }>(libraries: readonly T[]): T[] => [...libraries].sort((a, b) => a.position - b.position);

/** A track length as m:ss (h:mm:ss from an hour on). */
export const trackLength = (seconds: number): string => {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
};
