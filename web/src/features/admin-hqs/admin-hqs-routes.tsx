import { Route, Routes, useParams } from 'react-router';
import { NotFoundPage } from '../../components/ui/not-found-page';
import { HqConsentsPage } from './components/hq-consents-page';
import { HqDetailPage } from './components/hq-detail-page';
import { HqListPage } from './components/hq-list-page';
import { HqOnboardPage } from './components/hq-onboard-page';

const Detail = () => {
  const { id = '' } = useParams();
  return <HqDetailPage key={id} id={id} />;
};
const Consents = () => {
  const { id = '' } = useParams();
  return <HqConsentsPage key={id} id={id} />;
};

/** /admin/hqs: the list, the onboarding form, one HQ, and its consents. */
export const AdminHqsRoutes = () => (
  <Routes>
    <Route index element={<HqListPage />} />
    <Route path="new" element={<HqOnboardPage />} />
    <Route path=":id" element={<Detail />} />
    <Route path=":id/consents" element={<Consents />} />
    <Route path="*" element={<NotFoundPage />} />
  </Routes>
);
