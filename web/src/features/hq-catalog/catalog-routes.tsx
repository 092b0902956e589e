/** Placeholder until its feature lands (HQ console issue). */
export const PlaylistsRoutes = () => null;
export const LibrariesRoutes = () => null;
