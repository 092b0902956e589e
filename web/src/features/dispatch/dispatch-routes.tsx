import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../../components/ui/not-found-page';
import { DispatchesPage } from './components/dispatches-page';

/** /hq/dispatches: dispatch history and recurring schedules (the form is under /hq/announcements/:id/dispatch). */
export const DispatchRoutes = () => (
  <Routes>
    <Route index element={<DispatchesPage />} />
    <Route path="*" element={<NotFoundPage />} />
  </Routes>
);
