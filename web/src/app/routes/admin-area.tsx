import {
  IconApi, IconBuildingSkyscraper, IconBuildingStore, IconChartBar, IconFileText, IconHeadset, IconLayoutDashboard, IconMail, IconMusic, IconPlaylist, IconTags, IconUserCircle, IconUsers, IconVinyl,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { AreaShell } from '../../components/ui/area-shell';
import { NotFoundPage } from '../../components/ui/not-found-page';
import { AccountPage } from '../../features/account/components/account-page';
import { AdminDashboardPage } from '../../features/admin-dashboard/components/admin-dashboard-page';
import { AdminHqsRoutes } from '../../features/admin-hqs/admin-hqs-routes';
import { AdminLibrariesRoutes, AdminPlaylistsRoutes } from '../../features/admin-catalog/admin-catalog-routes';
import { AdminMusicRoutes } from '../../features/admin-music/admin-music-routes';
import { AdminPlaybackRoutes } from '../../features/admin-playback/admin-playback-routes';
import { AdminStoresRoutes } from '../../features/admin-stores/admin-stores-routes';
import { AdminTicketsRoutes } from '../../features/admin-tickets/admin-tickets-routes';
import { ApiClientsRoutes } from '../../features/api-clients/api-clients-routes';
import { RequireSession } from '../../features/auth/components/require-session';
import { EmailTemplatesRoutes } from '../../features/email-templates/email-templates-routes';
import { LegalAdminRoutes } from '../../features/legal-admin/legal-admin-routes';
import { OperatorsRoutes } from '../../features/operators/operators-routes';
import { TagOptionsPage } from '../../features/admin-music/components/tag-options-page';
import { session } from '../../lib/api/client';
import './admin-area.messages';
import '@mantine/dates/styles.css';
import '@mantine/charts/styles.css';

/**
 * The operator backoffice (OPERATOR): each feature owns its pages below its own path; this file
 * only puts them in the frame and the navigation.
 */
export const AdminArea = () => {
  const { t } = useTranslation('admin');
  const icon = { size: 18, 'aria-hidden': true } as const;
  return (
    <RequireSession role="OPERATOR">
      {(me) => (
        <AreaShell
          title={t('common:areas.admin')}
          account={me.email}
          onSignOut={() => void session.logout()}
          nav={[
            { to: '/admin', label: t('nav.home'), icon: <IconLayoutDashboard {...icon} />, end: true },
            { to: '/admin/music', label: t('nav.music'), icon: <IconMusic {...icon} /> },
            { to: '/admin/tags', label: t('nav.tags'), icon: <IconTags {...icon} /> },
            { to: '/admin/libraries', label: t('nav.libraries'), icon: <IconVinyl {...icon} /> },
            { to: '/admin/playlists', label: t('nav.playlists'), icon: <IconPlaylist {...icon} /> },
            { to: '/admin/hqs', label: t('nav.hqs'), icon: <IconBuildingSkyscraper {...icon} /> },
            { to: '/admin/stores', label: t('nav.stores'), icon: <IconBuildingStore {...icon} /> },
            { to: '/admin/legal', label: t('nav.legal'), icon: <IconFileText {...icon} /> },
            { to: '/admin/tickets', label: t('nav.tickets'), icon: <IconHeadset {...icon} /> },
            { to: '/admin/operators', label: t('nav.operators'), icon: <IconUsers {...icon} /> },
            { to: '/admin/email-templates', label: t('nav.emailTemplates'), icon: <IconMail {...icon} /> },
            { to: '/admin/api-clients', label: t('nav.apiClients'), icon: <IconApi {...icon} /> },
            { to: '/admin/playback', label: t('nav.playback'), icon: <IconChartBar {...icon} /> },
            { to: '/admin/account', label: t('nav.account'), icon: <IconUserCircle {...icon} /> },
          ]}
        >
          <Routes>
            <Route index element={<AdminDashboardPage />} />
            <Route path="music/*" element={<AdminMusicRoutes />} />
            <Route path="tags" element={<TagOptionsPage />} />
            <Route path="libraries/*" element={<AdminLibrariesRoutes />} />
            <Route path="playlists/*" element={<AdminPlaylistsRoutes />} />
            <Route path="hqs/*" element={<AdminHqsRoutes />} />
            <Route path="stores/*" element={<AdminStoresRoutes />} />
            <Route path="legal/*" element={<LegalAdminRoutes />} />
            <Route path="tickets/*" element={<AdminTicketsRoutes />} />
            <Route path="operators/*" element={<OperatorsRoutes />} />
            <Route path="email-templates/*" element={<EmailTemplatesRoutes />} />
            <Route path="api-clients/*" element={<ApiClientsRoutes />} />
            <Route path="playback/*" element={<AdminPlaybackRoutes />} />
            <Route path="account" element={<AccountPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </AreaShell>
      )}
    </RequireSession>
  );
};
