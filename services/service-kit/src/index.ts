// Everything a process without state needs (the gateway imports only this part: ./edge).
export * from './edge';
// What needs a database, the broker or object storage.
export * from './paging';
export * from './db';
export * from './db-columns';
export * from './kit-schema';
export * from './broker';
export * from './outbox';
export * from './consumer';
export * from './retention';
export * from './service-runtime';
export * from './audit';
export * from './routes';
export * from './events';
export * from './storage';
export * from './peer-calls';
export * from './periodic-job';
