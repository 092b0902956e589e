import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../../components/ui/not-found-page';
import { ReceiptPage } from './components/receipt-page';
import { ReceiptsOverviewPage } from './components/receipts-overview-page';

/** /hq/receipts: delivery per store over days, and /hq/receipts/:dispatchId for one dispatch call. */
export const ReceiptsRoutes = () => (
  <Routes>
    <Route index element={<ReceiptsOverviewPage />} />
    <Route path=":dispatchId" element={<ReceiptPage />} />
    <Route path="*" element={<NotFoundPage />} />
  </Routes>
);
