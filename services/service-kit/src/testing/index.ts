export * from './infra';
export * from './tcp-proxy';
export * from './api-client';
export * from './test-env';
export * from './s3';
