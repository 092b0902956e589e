import { Navigate, Route, Routes, useParams } from 'react-router';
import { NotFoundPage } from '../../components/ui/not-found-page';
import { isLegalKind } from './api/legal-admin-api';
import { LegalDocumentPage } from './components/legal-document-page';
import { LegalHistoryPage } from './components/legal-history-page';
import { PublishLegalPage } from './components/publish-legal-page';

const History = () => {
  const { kind } = useParams();
  return isLegalKind(kind) ? <LegalHistoryPage key={kind} kind={kind} /> : <NotFoundPage />;
};
const Publish = () => {
  const { kind } = useParams();
  return isLegalKind(kind) ? <PublishLegalPage key={kind} kind={kind} /> : <NotFoundPage />;
};
const Document = () => {
  const { kind, id = '' } = useParams();
  return isLegalKind(kind) ? <LegalDocumentPage key={`${kind}/${id}`} kind={kind} id={id} /> : <NotFoundPage />;
};

/** /admin/legal: terms and privacy policy, each its history, one version, and the publish form. */
export const LegalAdminRoutes = () => (
  <Routes>
    <Route index element={<Navigate to="terms" replace />} />
    <Route path=":kind" element={<History />} />
    <Route path=":kind/new" element={<Publish />} />
    <Route path=":kind/:id" element={<Document />} />
    <Route path="*" element={<NotFoundPage />} />
  </Routes>
);
