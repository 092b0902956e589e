/** Korean business registration number as the spec writes it: ###-##-#####. */
const BUSINESS_NUMBER = /^\d{3}-\d{2}-\d{5}$/;

export const isValidBusinessNumber = (value: string): boolean => BUSINESS_NUMBER.test(value);
