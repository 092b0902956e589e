/** Devices of a store (spec 03 § Devices): at most 4 active; re-registering a key is exempt. */
export const MAX_ACTIVE_DEVICES = 4;

export type RegistrationDecision = 'EXISTING' | 'NEW' | 'LIMIT_EXCEEDED';

export const decideRegistration = (input: { keyAlreadyActive: boolean; activeCount: number }): RegistrationDecision => {
  if (input.keyAlreadyActive) return 'EXISTING';
  return input.activeCount >= MAX_ACTIVE_DEVICES ? 'LIMIT_EXCEEDED' : 'NEW';
};
