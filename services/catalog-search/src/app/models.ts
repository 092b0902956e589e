// The stored shapes use cases hand to the transport: http/ reads them from here, never from db/.
export type { LibraryRow, MusicRow, PlaylistRow, TagOptionRow } from '../db/schema';
