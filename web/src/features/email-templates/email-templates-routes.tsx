import { Route, Routes, useParams } from 'react-router';
import { NotFoundPage } from '../../components/ui/not-found-page';
import { isEmailTemplateType } from './api/email-templates-api';
import { EmailTemplatePage } from './components/email-template-page';
import { EmailTemplatesPage } from './components/email-templates-page';

const Template = () => {
  const { type } = useParams();
  return isEmailTemplateType(type) ? <EmailTemplatePage key={type} type={type} /> : <NotFoundPage />;
};

/** /admin/email-templates: the list, and one template's preview and test send. */
export const EmailTemplatesRoutes = () => (
  <Routes>
    <Route index element={<EmailTemplatesPage />} />
    <Route path=":type" element={<Template />} />
    <Route path="*" element={<NotFoundPage />} />
  </Routes>
);
