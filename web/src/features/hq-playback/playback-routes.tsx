import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../../components/ui/not-found-page';
import { LogsPage } from './components/logs-page';
import { SummaryPage } from './components/summary-page';

/** /hq/playback: the play logs (with the CSV export) and the day / week / month summary. */
export const PlaybackRoutes = () => (
  <Routes>
    <Route index element={<LogsPage />} />
    <Route path="summary" element={<SummaryPage />} />
    <Route path="*" element={<NotFoundPage />} />
  </Routes>
);
