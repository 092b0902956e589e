import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../../components/ui/not-found-page';
import { AdminLogsPage } from './components/admin-logs-page';

/** /admin/playback: the play logs of every HQ with the CSV export. */
export const AdminPlaybackRoutes = () => (
  <Routes>
    <Route index element={<AdminLogsPage />} />
    <Route path="*" element={<NotFoundPage />} />
  </Routes>
);
