export { start, type StartedAnnouncementDispatch, type AnnouncementDispatchDeps, MIGRATIONS_FOLDER } from './server';
export { configSchema, loadAnnouncementDispatchConfig, type AnnouncementDispatchConfig } from './config';
