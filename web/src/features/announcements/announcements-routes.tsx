import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../../components/ui/not-found-page';
import { DispatchFormPage } from '../dispatch/components/dispatch-form-page';
import { AnnouncementDetailPage } from './components/announcement-detail-page';
import { AnnouncementsPage } from './components/announcements-page';
import { EditAnnouncementPage } from './components/edit-announcement-page';
import { NewAnnouncementPage } from './components/new-announcement-page';

/** /hq/announcements: list, create, detail, edit, and the dispatch form of one announcement. */
export const AnnouncementsRoutes = () => (
  <Routes>
    <Route index element={<AnnouncementsPage />} />
    <Route path="new" element={<NewAnnouncementPage />} />
    <Route path=":announcementId" element={<AnnouncementDetailPage />} />
    <Route path=":announcementId/edit" element={<EditAnnouncementPage />} />
    <Route path=":announcementId/dispatch" element={<DispatchFormPage />} />
    <Route path="*" element={<NotFoundPage />} />
  </Routes>
);
