import { Route, Routes, useParams } from 'react-router';
import { NotFoundPage } from '../../components/ui/not-found-page';
import { StoreDetailPage } from './components/store-detail-page';
import { StoreListPage } from './components/store-list-page';
import { StoreOnboardPage } from './components/store-onboard-page';

const Detail = () => {
  const { id = '' } = useParams();
  return <StoreDetailPage key={id} id={id} />;
};

/** /admin/stores: the list, the onboarding form (independent or HQ-affiliated), one store. */
export const AdminStoresRoutes = () => (
  <Routes>
    <Route index element={<StoreListPage />} />
    <Route path="new" element={<StoreOnboardPage />} />
    <Route path=":id" element={<Detail />} />
    <Route path="*" element={<NotFoundPage />} />
  </Routes>
);
