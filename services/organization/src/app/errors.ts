import { conflict, forbidden, notFound } from '@storecast/service-kit';

/** The spec's errors of this service, with fixed messages. */
export const errors = {
  hqNotFound: () => notFound('HQ_NOT_FOUND', 'HQ not found'),
  storeNotFound: () => notFound('STORE_NOT_FOUND', 'Store not found'),
  deviceNotFound: () => notFound('STORE_DEVICE_NOT_FOUND', 'Device not found'),
  scopeMismatch: () => forbidden('PRINCIPAL_SCOPE_MISMATCH', 'The caller may not act on this resource'),
  hqSuspended: () => forbidden('AUTH_HQ_SUSPENDED', 'The HQ is suspended'),
  storeSuspended: () => forbidden('AUTH_STORE_SUSPENDED', 'The store is suspended'),
  storeClosed: () => forbidden('AUTH_STORE_CLOSED', 'The store is closed'),
  independentSuspension: () => forbidden('INDEPENDENT_HQ_SUSPENSION_FORBIDDEN', 'The INDEPENDENT HQ cannot be suspended'),
  hqTransition: () => conflict('HQ_INVALID_STATUS_TRANSITION', 'This status change is not allowed for the HQ'),
  storeTransition: () => conflict('STORE_INVALID_STATUS_TRANSITION', 'This status change is not allowed for the store'),
  storeClosedConflict: () => conflict('STORE_ALREADY_CLOSED', 'The store is closed'),
  deviceLimit: () => conflict('DEVICE_LIMIT_EXCEEDED', 'The store already has the maximum number of active devices'),
};
