/**
 * The kit without its database, broker and object-storage modules, for a process that keeps no
 * state of its own (the gateway). The index loads pg and drizzle, amqplib and the S3 client with
 * everything else: 19.8 MB of heap that such a process would carry, and mark, for nothing
 * (about 11 MB of it those three; bench/README.md § Gateway proxy).
 */
export * from './errors';
export * from './validation';
export * from './clock';
export * from './bounded-map';
export * from './ids';
export * from './config';
export * from './logger';
export * from './http-errors';
export * from './health';
export * from './http';
export * from './auth';
export * from './token-revocations';
export * from './grpc';
export * from './openapi';
export * from './lifecycle';
export * from './upload';
export * from './domain/api-key-format';
export * from './tickets';
export * from './paging';
export * from './routes';
export * from './peer-calls';
export * from './periodic-job';
