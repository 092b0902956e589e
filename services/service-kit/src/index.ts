// Everything that needs no database, broker or object storage (what the gateway imports: ./edge).
export * from './edge';
// What needs a database, the broker or object storage, and what builds on them.
export * from './db';
export * from './db-columns';
export * from './kit-schema';
export * from './broker';
export * from './outbox';
export * from './consumer';
export * from './retention';
export * from './service-runtime';
export * from './audit';
export * from './events';
export * from './storage';
