import { Route, Routes, useParams } from 'react-router';
import { NotFoundPage } from '../../components/ui/not-found-page';
import { MusicDetailPage } from './components/music-detail-page';
import { MusicListPage } from './components/music-list-page';
import { MusicUploadPage } from './components/music-upload-page';

const Detail = () => {
  const { id = '' } = useParams();
  return <MusicDetailPage key={id} id={id} />;
};

/** /admin/music: the catalog list, the upload of many files, and one track. */
export const AdminMusicRoutes = () => (
  <Routes>
    <Route index element={<MusicListPage />} />
    <Route path="upload" element={<MusicUploadPage />} />
    <Route path=":id" element={<Detail />} />
    <Route path="*" element={<NotFoundPage />} />
  </Routes>
);
