/** Placeholder until its feature lands (backoffice issue). */
export const AdminLibrariesRoutes = () => null;
export const AdminPlaylistsRoutes = () => null;
