import { Button, Group, NumberInput, Paper, PasswordInput, Radio, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ApiError } from '../../../lib/errors/api-error';
import { useOnboardHq } from '../api/admin-hqs-api';
import { checkOnboarding, EMPTY_ONBOARDING, LIMITS, onboardingBodyOf, PLANS, type OnboardingValues } from '../hq-rules';
import { BackLink, useSay } from './hq-parts';
import '../admin-hqs.messages';

/**
 * /admin/hqs/new: a FRANCHISE HQ with its first HQ manager (HqOnboardingRequest). Every value is
 * checked before sending (business number ###-##-#####, billing day 1..31, 1..12 an hour);
 * the server's INVALID_BUSINESS_NUMBER and DUPLICATE_EMAIL are said under their fields.
 */
export const HqOnboardPage = () => {
  const { t } = useTranslation('admin-hqs');
  const say = useSay();
  const navigate = useNavigate();
  const onboard = useOnboardHq();
  const form = useForm<OnboardingValues>({
    initialValues: EMPTY_ONBOARDING,
    validate: (values) => Object.fromEntries(Object.entries(checkOnboarding(values)).map(([field, problem]) => [field, say(problem)])),
  });
  const submit = (values: OnboardingValues) =>
    onboard.mutate(onboardingBodyOf(values), {
      onSuccess: (created) => {
        notifications.show({ color: 'green', message: t('onboard.created', { name: values.name.trim(), email: values.managerEmail.trim() }) });
        void navigate(`/admin/hqs/${created.hqId}`);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'DUPLICATE_EMAIL') form.setFieldError('managerEmail', t('onboard.duplicateEmail'));
        if (err instanceof ApiError && err.code === 'INVALID_BUSINESS_NUMBER') form.setFieldError('businessNumber', t('validation.businessNumber'));
      },
    });
  // Errors said under their field are not said again above the button.
  const shownError = onboard.error instanceof ApiError && ['DUPLICATE_EMAIL', 'INVALID_BUSINESS_NUMBER'].includes(onboard.error.code) ? null : onboard.error;

  return (
    <Stack maw={760}>
      <BackLink to="/admin/hqs">{t('onboard.back')}</BackLink>
      <Stack gap={4}>
        <Title order={1} size="h2">{t('onboard.title')}</Title>
        <Text c="dimmed">{t('onboard.intro')}</Text>
      </Stack>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="onboard-hqSection">
            <Stack>
              <Title order={2} size="h4" id="onboard-hqSection">{t('onboard.hqSection')}</Title>
              <TextInput label={t('onboard.name')} required {...form.getInputProps('name')} />
              <TextInput label={t('onboard.businessNumber')} description={t('onboard.businessNumberHint')} placeholder="000-00-00000" inputMode="numeric" {...form.getInputProps('businessNumber')} />
              <Radio.Group label={t('onboard.plan')} required {...form.getInputProps('plan')}>
                <Group mt="xs">
                  {PLANS.map((p) => <Radio key={p} value={p} label={t(`planHint.${p}`)} />)}
                </Group>
              </Radio.Group>
              <NumberInput label={t('onboard.billingAnchorDay')} description={t('onboard.billingHint')} required min={LIMITS.billingDayMin} max={LIMITS.billingDayMax} allowDecimal={false} {...form.getInputProps('billingAnchorDay')} />
            </Stack>
          </Paper>
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="onboard-llmSection">
            <Stack>
              <Title order={2} size="h4" id="onboard-llmSection">{t('onboard.llmSection')}</Title>
              <Textarea label={t('onboard.llmKeywords')} description={t('onboard.llmKeywordsHint')} autosize minRows={2} {...form.getInputProps('llmKeywords')} />
              <NumberInput label={t('onboard.llmMaxPerHour')} description={t('onboard.llmMaxPerHourHint')} required min={LIMITS.llmMaxPerHourMin} max={LIMITS.llmMaxPerHourMax} allowDecimal={false} {...form.getInputProps('llmMaxPerHour')} />
            </Stack>
          </Paper>
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="onboard-managerSection">
            <Stack>
              <Title order={2} size="h4" id="onboard-managerSection">{t('onboard.managerSection')}</Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t('onboard.managerEmail')} description={t('onboard.managerEmailHint')} type="email" autoComplete="off" required {...form.getInputProps('managerEmail')} />
                <TextInput label={t('onboard.managerName')} required {...form.getInputProps('managerName')} />
              </SimpleGrid>
              <PasswordInput label={t('onboard.managerPassword')} description={t('onboard.managerPasswordHint')} autoComplete="new-password" required {...form.getInputProps('managerPassword')} />
            </Stack>
          </Paper>
          <ErrorAlert error={shownError} />
          <Group>
            <Button type="submit" loading={onboard.isPending}>{t('onboard.submit')}</Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
};
