import {
  IconBuildingStore, IconChartBar, IconClipboardCheck, IconHeadset, IconHistory, IconLayoutDashboard, IconMusic, IconPlaylist, IconSettings, IconSpeakerphone, IconUserCircle, IconVinyl,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { AreaShell } from '../../components/ui/area-shell';
import { NotFoundPage } from '../../components/ui/not-found-page';
import { AccountPage } from '../../features/account/components/account-page';
import { AnnouncementsRoutes } from '../../features/announcements/announcements-routes';
import { RequireSession } from '../../features/auth/components/require-session';
import { CommercialsRoutes } from '../../features/commercials/commercials-routes';
import { DispatchRoutes } from '../../features/dispatch/dispatch-routes';
import { ReceiptsRoutes } from '../../features/dispatch/receipts-routes';
import { FleetPage } from '../../features/hq-fleet/components/fleet-page';
import { LibrariesRoutes, PlaylistsRoutes } from '../../features/hq-catalog/catalog-routes';
import { PlaybackRoutes } from '../../features/hq-playback/playback-routes';
import { HqSettingsPage } from '../../features/hq-settings/components/hq-settings-page';
import { StoresRoutes } from '../../features/hq-stores/stores-routes';
import { SupportBadge } from '../../features/hq-support/components/support-badge';
import { SupportRoutes } from '../../features/hq-support/support-routes';
import { ImpersonationBanner } from '../../features/impersonation/components/impersonation-banner';
import { useImpersonation } from '../../features/impersonation/use-impersonation';
import { session } from '../../lib/api/client';
import './hq-area.messages';
import '@mantine/dates/styles.css';
import '@mantine/charts/styles.css';

/**
 * The HQ console (HQ_MANAGER, also an operator impersonating one): each feature owns its pages
 * below its own path; this file only puts them in the frame and the navigation.
 */
export const HqArea = () => {
  const { t } = useTranslation('hq');
  const impersonation = useImpersonation();
  const icon = { size: 18, 'aria-hidden': true } as const;
  return (
    <RequireSession role="HQ_MANAGER">
      {(me) => (
        <AreaShell
          title={me.hqName ? `${t('common:areas.hq')} · ${me.hqName}` : t('common:areas.hq')}
          account={me.email}
          onSignOut={() => void session.logout()}
          banner={impersonation ? <ImpersonationBanner /> : undefined}
          nav={[
            { to: '/hq', label: t('nav.home'), icon: <IconLayoutDashboard {...icon} />, end: true },
            { to: '/hq/stores', label: t('nav.stores'), icon: <IconBuildingStore {...icon} /> },
            { to: '/hq/announcements', label: t('nav.announcements'), icon: <IconSpeakerphone {...icon} /> },
            { to: '/hq/dispatches', label: t('nav.dispatches'), icon: <IconHistory {...icon} /> },
            { to: '/hq/receipts', label: t('nav.receipts'), icon: <IconClipboardCheck {...icon} /> },
            { to: '/hq/commercials', label: t('nav.commercials'), icon: <IconVinyl {...icon} /> },
            { to: '/hq/playback', label: t('nav.playback'), icon: <IconChartBar {...icon} /> },
            { to: '/hq/playlists', label: t('nav.playlists'), icon: <IconPlaylist {...icon} /> },
            { to: '/hq/libraries', label: t('nav.libraries'), icon: <IconMusic {...icon} /> },
            { to: '/hq/support', label: t('nav.support'), icon: <IconHeadset {...icon} />, badge: <SupportBadge /> },
            { to: '/hq/settings', label: t('nav.settings'), icon: <IconSettings {...icon} /> },
            { to: '/hq/account', label: t('nav.account'), icon: <IconUserCircle {...icon} /> },
          ]}
        >
          <Routes>
            <Route index element={<FleetPage />} />
            <Route path="stores/*" element={<StoresRoutes />} />
            <Route path="announcements/*" element={<AnnouncementsRoutes />} />
            <Route path="dispatches/*" element={<DispatchRoutes />} />
            <Route path="receipts/*" element={<ReceiptsRoutes />} />
            <Route path="commercials/*" element={<CommercialsRoutes />} />
            <Route path="playback/*" element={<PlaybackRoutes />} />
            <Route path="playlists/*" element={<PlaylistsRoutes />} />
            <Route path="libraries/*" element={<LibrariesRoutes />} />
            <Route path="support/*" element={<SupportRoutes />} />
            <Route path="settings" element={<HqSettingsPage />} />
            <Route path="account" element={<AccountPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </AreaShell>
      )}
    </RequireSession>
  );
};
