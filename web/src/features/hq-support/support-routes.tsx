import { Navigate, Route, Routes } from 'react-router';
import { NotFoundPage } from '../../components/ui/not-found-page';
import { HqTicketDetailPage } from './components/hq-ticket-detail-page';
import { HqTicketsPage } from './components/hq-tickets-page';
import { StoreTicketDetailPage } from './components/store-ticket-detail-page';
import { StoreTicketsPage } from './components/store-tickets-page';

/** /hq/support: the stores' tickets the HQ handles (first), and the HQ's own tickets to the operators. */
export const SupportRoutes = () => (
  <Routes>
    <Route index element={<Navigate to="store-tickets" replace />} />
    <Route path="store-tickets" element={<StoreTicketsPage />} />
    <Route path="store-tickets/:ticketId" element={<StoreTicketDetailPage />} />
    <Route path="tickets" element={<HqTicketsPage />} />
    <Route path="tickets/:ticketId" element={<HqTicketDetailPage />} />
    <Route path="*" element={<NotFoundPage />} />
  </Routes>
);
