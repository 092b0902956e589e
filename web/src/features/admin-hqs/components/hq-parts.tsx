import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HqStatus, HqType, Plan, Problem } from '../hq-rules';
import '../admin-hqs.messages';

const HQ_STATUS_COLOR: Record<HqStatus, string> = { ACTIVE: 'green', ONBOARDING: 'blue', UNPAID: 'orange', SUSPENDED: 'red' };

export const HqStatusBadge = ({ status }: { status: HqStatus }) => {
  const { t } = useTranslation('admin-hqs');
  return <Badge color={HQ_STATUS_COLOR[status]} variant="light" data-status={status}>{t(`status.${status}`)}</Badge>;
};

export const HqTypeBadge = ({ type }: { type: HqType }) => {
  const { t } = useTranslation('admin-hqs');
  return <Badge color={type === 'INDEPENDENT' ? 'grape' : 'indigo'} variant="outline">{t(`type.${type}`)}</Badge>;
};

export const PlanBadge = ({ plan }: { plan: Plan | null | undefined }) => {
  const { t } = useTranslation('admin-hqs');
  if (!plan) return <Text span c="dimmed">—</Text>;
  return <Badge color={plan === 'TRUST' ? 'teal' : 'cyan'} variant="dot" title={t(`planHint.${plan}`)}>{t(`plan.${plan}`)}</Badge>;
};

/** A problem of a pure rule in the person's words (the admin-hqs `validation` texts). */
export const useSay = () => {
  const { t } = useTranslation('admin-hqs');
  return (problem: Problem | null | undefined): string | null => {
    if (!problem) return null;
    const { key, ...values } = problem;
    return t(`validation.${key}`, values);
  };
};

export const BackLink = ({ to, children }: { to: string; children: ReactNode }) => (
  <Anchor component={Link} to={to} size="sm">
    <Group gap={4}><IconArrowLeft size={14} aria-hidden />{children}</Group>
  </Anchor>
);

/** One labelled value of a details list (a dt/dd pair). */
export const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={2}>
    <Text size="xs" c="dimmed" component="dt">{label}</Text>
    <Text size="sm" fw={500} component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>{children}</Text>
  </Stack>
);
