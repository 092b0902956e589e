import { Route, Routes } from 'react-router';
import { BulkUploadPage } from './components/bulk-upload-page';
import { StoreCreatePage } from './components/store-create-page';
import { StoreDetailPage } from './components/store-detail-page';
import { StoresPage } from './components/stores-page';

/** /hq/stores: the list, one new store, the CSV upload, and a store's detail. */
export const StoresRoutes = () => (
  <Routes>
    <Route index element={<StoresPage />} />
    <Route path="new" element={<StoreCreatePage />} />
    <Route path="bulk" element={<BulkUploadPage />} />
    <Route path=":id" element={<StoreDetailPage />} />
  </Routes>
);
