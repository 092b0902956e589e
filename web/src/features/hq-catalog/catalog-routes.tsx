import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../../components/ui/not-found-page';
import { LibrariesPage } from './components/libraries-page';
import { LibraryDetailPage } from './components/library-detail-page';
import { PlaylistDetailPage } from './components/playlist-detail-page';
import { PlaylistsPage } from './components/playlists-page';

/** /hq/playlists: the HQ's playlists and one playlist's libraries (read-only). */
export const PlaylistsRoutes = () => (
  <Routes>
    <Route index element={<PlaylistsPage />} />
    <Route path=":id" element={<PlaylistDetailPage />} />
    <Route path="*" element={<NotFoundPage />} />
  </Routes>
);

/** /hq/libraries: the shared libraries and one library's music (read-only). */
export const LibrariesRoutes = () => (
  <Routes>
    <Route index element={<LibrariesPage />} />
    <Route path=":id" element={<LibraryDetailPage />} />
    <Route path="*" element={<NotFoundPage />} />
  </Routes>
);
