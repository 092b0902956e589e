/** Placeholder until its feature lands (HQ console issue). */
export const StoresRoutes = () => null;
