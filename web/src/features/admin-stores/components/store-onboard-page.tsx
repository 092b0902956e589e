import { Button, Group, NumberInput, Paper, Radio, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ApiError } from '../../../lib/errors/api-error';
import { BackLink } from '../../admin-hqs/components/hq-parts';
import { PLANS } from '../../admin-hqs/hq-rules';
import { useFranchiseHqOptions, useOnboardAffiliatedStore, useOnboardIndependentStore, type StoreOnboardingResult } from '../api/admin-stores-api';
import { affiliatedBodyOf, AFFILIATED_TYPES, checkStoreOnboarding, EMPTY_STORE_ONBOARDING, independentBodyOf, type OnboardingKind, type StoreOnboardingValues } from '../store-rules';
import { useSayStore } from './store-parts';
import '../admin-stores.messages';

interface Created {
  name: string;
  email: string;
  result: StoreOnboardingResult;
}

/**
 * /admin/stores/new?kind=independent|affiliated&hqId=…: an independent store (own plan and
 * billing day) or an HQ-affiliated one (DIRECT or FRANCHISE, inheriting both). Checked before
 * sending; a duplicate owner email creates nothing and is said under the field.
 */
export const StoreOnboardPage = () => {
  const { t } = useTranslation('admin-stores');
  const say = useSayStore();
  const [params, setParams] = useSearchParams();
  const kind: OnboardingKind = params.get('kind') === 'affiliated' ? 'affiliated' : 'independent';
  const hqs = useFranchiseHqOptions();
  const independent = useOnboardIndependentStore();
  const affiliated = useOnboardAffiliatedStore();
  const mutation = kind === 'independent' ? independent : affiliated;
  const [created, setCreated] = useState<Created | null>(null);
  // The rules depend on the kind; the form keeps its first options, so it reads the kind here.
  const kindRef = useRef(kind);
  kindRef.current = kind;
  const form = useForm<StoreOnboardingValues>({
    initialValues: { ...EMPTY_STORE_ONBOARDING, hqId: params.get('hqId') },
    validate: (values) => Object.fromEntries(Object.entries(checkStoreOnboarding(kindRef.current, values)).map(([field, problem]) => [field, say(problem)])),
  });
  const setKind = (next: string) => {
    const search = new URLSearchParams(params);
    search.set('kind', next);
    setParams(search, { replace: true });
    form.clearErrors();
    independent.reset();
    affiliated.reset();
  };
  const done = (values: StoreOnboardingValues) => (result: StoreOnboardingResult) => {
    setCreated({ name: values.name.trim(), email: values.managerEmail.trim(), result });
    notifications.show({ color: 'green', message: t('onboard.created', { name: values.name.trim() }) });
  };
  const failed = (err: unknown) => {
    if (err instanceof ApiError && err.code === 'DUPLICATE_EMAIL') form.setFieldError('managerEmail', t('onboard.duplicateEmail'));
  };
  const submit = (values: StoreOnboardingValues) => {
    if (kind === 'independent') independent.mutate(independentBodyOf(values), { onSuccess: done(values), onError: failed });
    else affiliated.mutate({ hqId: values.hqId!, body: affiliatedBodyOf(values) }, { onSuccess: done(values), onError: failed });
  };
  const shownError = mutation.error instanceof ApiError && mutation.error.code === 'DUPLICATE_EMAIL' ? null : mutation.error;
  const again = () => {
    setCreated(null);
    independent.reset();
    affiliated.reset();
    form.setValues({ ...EMPTY_STORE_ONBOARDING, hqId: form.getValues().hqId });
  };

  return (
    <Stack maw={760}>
      <BackLink to="/admin/stores">{t('onboard.back')}</BackLink>
      <Stack gap={4}>
        <Title order={1} size="h2">{t('onboard.title')}</Title>
        <Text c="dimmed">{t('onboard.intro')}</Text>
      </Stack>
      {created ? (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="store-created" data-testid="store-created">
          <Stack>
            <Title order={2} size="h4" id="store-created">{t('onboard.created', { name: created.name })}</Title>
            <Text size="sm" data-testid="manager-account-result">
              {!created.result.managerAccountCreated
                ? t('onboard.noAccount')
                : created.result.setupEmailSent === false
                  ? t('onboard.accountMailFailed')
                  : t('onboard.accountCreated', { email: created.email })}
            </Text>
            <Group>
              <Button component={Link} to={`/admin/stores/${created.result.storeId}`} variant="light">{t('onboard.openStore')}</Button>
              <Button variant="default" onClick={again}>{t('onboard.another')}</Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <Paper withBorder p="md" radius="md">
          <form onSubmit={form.onSubmit(submit)} noValidate>
            <Stack>
              <Stack gap={4}>
                <Text size="sm" fw={500} id="store-kind">{t('onboard.kind')}</Text>
                <SegmentedControl
                  aria-labelledby="store-kind"
                  value={kind}
                  onChange={setKind}
                  data={(['independent', 'affiliated'] as const).map((k) => ({ value: k, label: t(`onboard.kinds.${k}`) }))}
                />
              </Stack>
              {kind === 'affiliated' ? (
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <Select
                    label={t('onboard.hq')}
                    description={t('onboard.hqHint')}
                    placeholder={t('onboard.hqPlaceholder')}
                    required
                    searchable
                    data={(hqs.data?.items ?? []).map((h) => ({ value: h.id, label: h.name }))}
                    {...form.getInputProps('hqId')}
                  />
                  <Radio.Group label={t('onboard.storeType')} required {...form.getInputProps('storeType')}>
                    <Group mt="xs">
                      {AFFILIATED_TYPES.map((st) => <Radio key={st} value={st} label={t(`onboard.storeTypes.${st}`)} />)}
                    </Group>
                  </Radio.Group>
                </SimpleGrid>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <Radio.Group label={t('onboard.plan')} required {...form.getInputProps('plan')}>
                    <Group mt="xs">
                      {PLANS.map((p) => <Radio key={p} value={p} label={t(`onboard.plans.${p}`)} />)}
                    </Group>
                  </Radio.Group>
                  <NumberInput label={t('onboard.billingAnchorDay')} description={t('onboard.billingHint')} required min={1} max={31} allowDecimal={false} {...form.getInputProps('billingAnchorDay')} />
                </SimpleGrid>
              )}
              <ErrorAlert error={kind === 'affiliated' ? hqs.error : null} />
              <TextInput label={t('onboard.name')} required {...form.getInputProps('name')} />
              <TextInput label={t('onboard.address')} autoComplete="street-address" {...form.getInputProps('address')} />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t('onboard.managerName')} {...form.getInputProps('managerName')} />
                <TextInput label={t('onboard.managerPhone')} type="tel" {...form.getInputProps('managerPhone')} />
              </SimpleGrid>
              <TextInput label={t('onboard.managerEmail')} description={t('onboard.managerEmailHint')} type="email" autoComplete="off" {...form.getInputProps('managerEmail')} />
              <ErrorAlert error={shownError} />
              <Group>
                <Button type="submit" loading={mutation.isPending}>{t('onboard.submit')}</Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
    </Stack>
  );
};
