#!/usr/bin/env node
// catalog-search for bench/catalog-paging.bench.mjs, in a process of its own (so the bench's HTTP
// client does not share the service's event loop, as pgbench does not share PostgreSQL's). The
// configuration comes from the environment; prints {"url": ...} once migrations ran and it listens.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const kit = require('../services/service-kit/dist/index.js');
const { start } = require('../services/catalog-search/dist/server.js');
const { loadCatalogSearchConfig } = require('../services/catalog-search/dist/config.js');

const config = loadCatalogSearchConfig(process.env);
const service = await start(config, { logger: kit.createLogger('catalog-search', config.LOG_LEVEL) });
process.stdout.write(`${JSON.stringify({ url: service.httpUrl })}\n`);
process.on('SIGTERM', () => void service.stop().then(() => process.exit(0)));
