import { Route, Routes, useParams } from 'react-router';
import { NotFoundPage } from '../../components/ui/not-found-page';
import { ApiClientPage } from './components/api-client-page';
import { ApiClientsPage } from './components/api-clients-page';

const Client = () => {
  const { clientId = '' } = useParams();
  return <ApiClientPage key={clientId} clientId={clientId} />;
};

/** /admin/api-clients: the sign-ups, and one client with its keys and usage. */
export const ApiClientsRoutes = () => (
  <Routes>
    <Route index element={<ApiClientsPage />} />
    <Route path=":clientId" element={<Client />} />
    <Route path="*" element={<NotFoundPage />} />
  </Routes>
);
