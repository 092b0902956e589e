import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { issueImpersonation, type HqDetail } from '../api/admin-hqs-api';
import { impersonationBlocker, impersonationUrl } from '../hq-rules';
import '../admin-hqs.messages';

class PopupBlocked extends Error {}

/**
 * Opens the HQ console as the HQ in a new tab (spec 02 § Impersonation). The tab is opened on
 * the click itself (a tab opened after an await is what pop-up blockers stop), then sent to
 * /impersonate#token=… once the 60 s token arrives: the fragment never reaches a server or a log.
 */
export const ImpersonateCard = ({ hq }: { hq: HqDetail }) => {
  const { t } = useTranslation('admin-hqs');
  const blocker = impersonationBlocker(hq);
  const open = useMutation({
    mutationFn: async () => {
      const tab = window.open('about:blank', '_blank');
      if (!tab) throw new PopupBlocked();
      // The console tab has no business with this one.
      tab.opener = null;
      try {
        const issued = await issueImpersonation(hq.id);
        tab.location.replace(impersonationUrl(issued.exchangeToken));
      } catch (err) {
        tab.close();
        throw err;
      }
    },
    onSuccess: () => notifications.show({ color: 'green', message: t('impersonate.opened') }),
  });
  const popupBlocked = open.error instanceof PopupBlocked;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="hq-impersonate">
      <Stack>
        <Title order={2} size="h4" id="hq-impersonate">{t('impersonate.title')}</Title>
        <Text size="sm" c="dimmed" id="hq-impersonate-hint">{t('impersonate.hint')}</Text>
        {blocker && <Text size="sm" c="orange" id="hq-impersonate-blocked">{t(`impersonate.blocked.${blocker}`)}</Text>}
        <div>
          <Button
            leftSection={<IconExternalLink size={16} aria-hidden />}
            variant="light"
            color="orange"
            disabled={blocker !== null}
            aria-describedby={blocker ? 'hq-impersonate-blocked' : 'hq-impersonate-hint'}
            loading={open.isPending}
            onClick={() => open.mutate()}
          >
            {t('impersonate.button')}
          </Button>
        </div>
        {popupBlocked ? <Alert color="red" role="alert">{t('impersonate.popupBlocked')}</Alert> : <ErrorAlert error={open.error} />}
      </Stack>
    </Paper>
  );
};
