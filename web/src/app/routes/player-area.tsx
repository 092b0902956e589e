import { IconUserCircle, IconBroadcast, IconDevices, IconHeadset, IconMusic, IconCalendarEvent, IconTemplate, IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { AreaShell } from '../../components/ui/area-shell';
import { NotFoundPage } from '../../components/ui/not-found-page';
import { RequireSession } from '../../features/auth/components/require-session';
import { AccountPage } from '../../features/account/components/account-page';
import { BroadcastPage } from '../../features/broadcast/components/broadcast-page';
import { DevicesPage } from '../../features/devices/components/devices-page';
import { PlayerPage } from '../../features/player/components/player-page';
import { PlayerProvider } from '../../features/player/components/player-provider';
import { ReservationsPage } from '../../features/broadcast/components/reservations-page';
import { TemplatesPage } from '../../features/broadcast/components/templates-page';
import { StoreProfilePage } from '../../features/store-profile/components/store-profile-page';
import { TicketDetailPage } from '../../features/store-tickets/components/ticket-detail-page';
import { TicketsPage } from '../../features/store-tickets/components/tickets-page';
import { TicketsBadge } from '../../features/store-tickets/components/tickets-badge';
import { session } from '../../lib/api/client';
import '../../features/player/player.messages';
import '@mantine/dates/styles.css';

/**
 * The store player area (STORE_MANAGER). The player engine lives in PlayerProvider, above the
 * pages, so the music and announcements go on while the manager uses the other pages.
 */
export const PlayerArea = () => {
  const { t } = useTranslation('player');
  const icon = { size: 18, 'aria-hidden': true } as const;
  return (
    <RequireSession role="STORE_MANAGER">
      {(me) => (
        <PlayerProvider>
          <AreaShell
            title={t('common:areas.player')}
            account={me.email}
            onSignOut={() => void session.logout()}
            nav={[
              { to: '/player', label: t('nav.player'), icon: <IconMusic {...icon} />, end: true },
              { to: '/player/broadcast', label: t('nav.broadcast'), icon: <IconBroadcast {...icon} /> },
              { to: '/player/templates', label: t('nav.templates'), icon: <IconTemplate {...icon} /> },
              { to: '/player/reservations', label: t('nav.reservations'), icon: <IconCalendarEvent {...icon} /> },
              { to: '/player/devices', label: t('nav.devices'), icon: <IconDevices {...icon} /> },
              { to: '/player/tickets', label: t('nav.tickets'), icon: <IconHeadset {...icon} />, badge: <TicketsBadge /> },
              { to: '/player/profile', label: t('nav.profile'), icon: <IconBuildingStore {...icon} /> },
              { to: '/player/account', label: t('nav.account'), icon: <IconUserCircle {...icon} /> },
            ]}
          >
            <Routes>
              <Route index element={<PlayerPage />} />
              <Route path="broadcast" element={<BroadcastPage />} />
              <Route path="templates" element={<TemplatesPage />} />
              <Route path="reservations" element={<ReservationsPage />} />
              <Route path="devices" element={<DevicesPage />} />
              <Route path="tickets" element={<TicketsPage />} />
              <Route path="tickets/:ticketId" element={<TicketDetailPage />} />
              <Route path="profile" element={<StoreProfilePage />} />
              <Route path="account" element={<AccountPage />} />
              <Route path="*" element={<NotFoundPage />} />
            </Routes>
          </AreaShell>
        </PlayerProvider>
      )}
    </RequireSession>
  );
};
