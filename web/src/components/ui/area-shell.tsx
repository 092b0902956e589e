import { AppShell, Burger, Button, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterLink, useLocation } from 'react-router';
import { LanguageSwitch } from './language-switch';

export interface AreaNavItem {
  to: string;
  label: string;
  icon?: ReactNode;
  /** A badge beside the label (unread signals). */
  badge?: ReactNode;
  end?: boolean;
}

/** The frame of an area (player, HQ console, backoffice): header, navigation, content. */
export const AreaShell = ({ title, nav, account, onSignOut, children, banner }: {
  title: string;
  nav: AreaNavItem[];
  account: string;
  onSignOut: () => void;
  children: ReactNode;
  banner?: ReactNode;
}) => {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure();
  const location = useLocation();
  return (
    <AppShell header={{ height: banner ? 96 : 60 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        {banner}
        <Group h={60} px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="menu" />
            <Text fw={700} c="blue">{t('appName')}</Text>
            <Text c="dimmed" visibleFrom="xs">{title}</Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" c="dimmed" visibleFrom="md">{t('signedInAs', { email: account })}</Text>
            <LanguageSwitch />
            <Button variant="subtle" size="xs" onClick={onSignOut}>{t('signOut')}</Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={title}>
        <ScrollArea>
          {nav.map((item) => (
            <NavLink
              key={item.to}
              component={RouterLink}
              to={item.to}
              end={item.end}
              label={item.label}
              leftSection={item.icon}
              rightSection={item.badge}
              active={item.end ? location.pathname === item.to : location.pathname.startsWith(item.to)}
              onClick={close}
            />
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
};
