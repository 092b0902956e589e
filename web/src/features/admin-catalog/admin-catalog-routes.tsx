import { Route, Routes, useParams } from 'react-router';
import { NotFoundPage } from '../../components/ui/not-found-page';
import { DefaultPlaylistsPage } from './components/default-playlists-page';
import { LibrariesPage } from './components/libraries-page';
import { LibraryDetailPage } from './components/library-detail-page';
import { PlaylistDetailPage } from './components/playlist-detail-page';
import { PlaylistsPage } from './components/playlists-page';

const Library = () => {
  const { id = '' } = useParams();
  return <LibraryDetailPage key={id} id={id} />;
};
const Playlist = () => {
  const { id = '' } = useParams();
  return <PlaylistDetailPage key={id} id={id} />;
};

/** /admin/libraries: the list with the create form, and one library with its tracks. */
export const AdminLibrariesRoutes = () => (
  <Routes>
    <Route index element={<LibrariesPage />} />
    <Route path=":id" element={<Library />} />
    <Route path="*" element={<NotFoundPage />} />
  </Routes>
);

/** /admin/playlists: the list, the HQ default and store assignments, and one playlist. */
export const AdminPlaylistsRoutes = () => (
  <Routes>
    <Route index element={<PlaylistsPage />} />
    <Route path="defaults" element={<DefaultPlaylistsPage />} />
    <Route path=":id" element={<Playlist />} />
    <Route path="*" element={<NotFoundPage />} />
  </Routes>
);
