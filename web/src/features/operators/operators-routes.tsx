import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../../components/ui/not-found-page';
import { OperatorsPage } from './components/operators-page';

/** /admin/operators: the operator accounts and their lifecycle on one page. */
export const OperatorsRoutes = () => (
  <Routes>
    <Route index element={<OperatorsPage />} />
    <Route path="*" element={<NotFoundPage />} />
  </Routes>
);
