/** Placeholder until its feature lands (backoffice issue). */
export const TagOptionsPage = () => null;
