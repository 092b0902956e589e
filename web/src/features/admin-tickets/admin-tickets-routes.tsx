import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../../components/ui/not-found-page';
import { AdminTicketDetailPage } from './components/admin-ticket-detail-page';
import { AdminTicketsPage } from './components/admin-tickets-page';

/** /admin/tickets: every channel's tickets, and one ticket with its thread, files and handling. */
export const AdminTicketsRoutes = () => (
  <Routes>
    <Route index element={<AdminTicketsPage />} />
    <Route path=":ticketId" element={<AdminTicketDetailPage />} />
    <Route path="*" element={<NotFoundPage />} />
  </Routes>
);
