import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../../components/ui/not-found-page';
import { CommercialsPage } from './components/commercials-page';

/** /hq/commercials: one page (songs and the per-store cycle). */
export const CommercialsRoutes = () => (
  <Routes>
    <Route index element={<CommercialsPage />} />
    <Route path="*" element={<NotFoundPage />} />
  </Routes>
);
