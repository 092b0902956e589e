// What other features embed from admin-catalog (the HQ detail page shows the HQ's default playlist).
export { HqDefaultPlaylistCard } from './components/hq-default-playlist-card';
