-- One database per service (docs/conventions.md). Runs once, when the postgres
-- volume is empty; with NODE_ENV=production the services do not create their
-- own database, so every service that has one is listed here.
CREATE DATABASE storecast_identity;
CREATE DATABASE storecast_legal;
CREATE DATABASE storecast_organization;
CREATE DATABASE storecast_catalog_search;
CREATE DATABASE storecast_announcement_dispatch;
CREATE DATABASE storecast_playback;
CREATE DATABASE storecast_support;
