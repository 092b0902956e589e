export * from './infra';
export * from './tcp-proxy';
export * from './api-client';
export * from './test-env';
export * from './s3';
export * from './doubles/legal.double';
export * from './doubles/organization.double';
export * from './doubles/identity.double';
