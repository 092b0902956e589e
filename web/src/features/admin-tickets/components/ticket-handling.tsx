import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { TICKET_CATEGORIES, type TicketCategory } from '../../tickets/ticket-limits';
import { useAssignTicket, useChangeCategory, useChangePriority, useChangeStatus, useOperators, type AdminTicketDetail } from '../api/admin-tickets-api';
import { TICKET_PRIORITIES, type TicketPriority } from '../ticket-list-params';
import { allowedMoves } from '../ticket-status-rules';
import '../../tickets/tickets.messages';
import '../admin-tickets.messages';

/** The value of the "unclassified" option (the API's null). */
const NO_CATEGORY = 'NONE';

/** Status moves (only those the table allows), priority, category and assignee, each saved when chosen. */
export const TicketHandling = ({ ticket }: { ticket: AdminTicketDetail }) => {
  const { t } = useTranslation('admin-tickets');
  const status = useChangeStatus(ticket.id);
  const priority = useChangePriority(ticket.id);
  const category = useChangeCategory(ticket.id);
  const assign = useAssignTicket(ticket.id);
  const operators = useOperators();
  const moves = allowedMoves(ticket.status);

  const operatorOptions = useMemo(() => {
    const options = (operators.data?.items ?? []).map((o) => ({ value: o.id, label: o.name ?? o.email }));
    // An assignee no longer active still shows as the current value.
    if (ticket.assigneeOperatorId && !options.some((o) => o.value === ticket.assigneeOperatorId))
      options.unshift({ value: ticket.assigneeOperatorId, label: ticket.assigneeName ?? ticket.assigneeOperatorId });
    return options;
  }, [operators.data, ticket.assigneeOperatorId, ticket.assigneeName]);

  const error = status.error ?? priority.error ?? category.error ?? assign.error ?? operators.error;
  const done = (message: string) => notifications.show({ color: 'green', message });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="ticket-handling">
      <Stack>
        <Title order={2} size="h4" id="ticket-handling">{t('handling')}</Title>
        <Group gap="sm" role="group" aria-label={t('statusActions')}>
          <Text size="sm" fw={500}>{t('statusActions')}</Text>
          {moves.length === 0 && <Text size="sm" c="dimmed">{t('noMoves')}</Text>}
          {moves.map((move) => (
            <Button
              key={move.to}
              size="xs"
              variant={move.action === 'REOPEN' ? 'default' : 'light'}
              loading={status.isPending && status.variables === move.to}
              disabled={status.isPending && status.variables !== move.to}
              onClick={() => status.mutate(move.to, { onSuccess: (saved) => done(t('moved', { status: t(`status.${saved.status}`) })) })}
            >
              {t(`move.${move.action}`)}
            </Button>
          ))}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t('priorityLabel')}
            data={TICKET_PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))}
            value={ticket.priority}
            allowDeselect={false}
            disabled={priority.isPending}
            onChange={(v) => {
              if (!v || v === ticket.priority) return;
              priority.mutate(v as TicketPriority, { onSuccess: (saved) => done(t('prioritySaved', { priority: t(`priority.${saved.priority}`) })) });
            }}
          />
          <Select
            label={t('categoryLabel')}
            data={[{ value: NO_CATEGORY, label: t('uncategorized') }, ...TICKET_CATEGORIES.map((c) => ({ value: c, label: t(`tickets:category.${c}`) }))]}
            value={ticket.category ?? NO_CATEGORY}
            allowDeselect={false}
            disabled={category.isPending}
            onChange={(v) => {
              const next = !v || v === NO_CATEGORY ? null : (v as TicketCategory);
              if (next === ticket.category) return;
              category.mutate(next, { onSuccess: () => done(t('categorySaved')) });
            }}
          />
          <Select
            label={t('assigneeLabel')}
            placeholder={t('unassigned')}
            searchable
            clearable
            data={operatorOptions}
            value={ticket.assigneeOperatorId}
            disabled={assign.isPending}
            onChange={(v) => {
              if (v === ticket.assigneeOperatorId) return;
              assign.mutate(v, { onSuccess: (saved) => done(saved.assigneeOperatorId ? t('assigneeSaved') : t('assigneeCleared')) });
            }}
          />
        </SimpleGrid>
        <ErrorAlert error={error} />
      </Stack>
    </Paper>
  );
};
