import { reviewEntry } from '@lotwise/contracts/review/review';
import { WIZARD_STEP, WIZARD_TITLES, WIZARDS, type Wizard } from '@lotwise/contracts/review/wizards';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  NavLink,
  Select,
  Stack,
  Stepper,
  Text,
  Title,
} from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { reviewKeys } from '@/lib/api/review/keys';
import { useCompleteWizard, useReviewSummary } from '@/lib/api/review/review';
import { useTaxDetails } from '@/lib/api/tax/get-details';
import { useRecalculate } from '@/lib/api/tax/recalculate';
import { callApi, errorText } from '@/lib/api-client';
import { useImportsChannel } from '@/lib/realtime';
import { useNextWizard } from '../api/traces';
import { rememberStep } from '../utils/current-step';
import { FindingsPanel } from './findings-panel';
import { MethodPanel } from './method-panel';

const STEPS = ['Import', 'Prices', 'Review', 'Method', 'Summary'];

function isWizard(v: string | null): v is Wizard {
  return v !== null && (WIZARDS as readonly string[]).includes(v);
}

/** What a step without findings shows. */
function StepBody({ wizard, onChosen }: { wizard: Wizard; onChosen: (year: number) => void }) {
  if (wizard === 'UploadCsvWizard') {
    return (
      <Text fz="sm">
        Every exchange and wallet you used belongs here.{' '}
        <Anchor component={Link} to={paths.imports.getHref()}>
          Import files or add accounts
        </Anchor>
        , then continue.
      </Text>
    );
  }
  if (wizard === 'PaymentWizard') {
    return <Text fz="sm">Billing is off on this instance: every tax year and report is included.</Text>;
  }
  if (wizard === 'SelectLifoFifo') return <MethodPanel onChosen={onChosen} />;
  // Keyed by wizard: a page number or an answer chosen in one wizard never carries into the next.
  return <FindingsPanel key={wizard} wizard={wizard} />;
}

/**
 * The guided review (/review?wizard=…, ours: the spec names the wizards but not their page):
 * the steps of spec 01 §4 with what is left in each, one wizard at a time, then the summary.
 */
export function ReviewPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  // A finished calculation changes what is left (missing prices, negative balances, …).
  useImportsChannel((message) => {
    if (message.event === 'tax_calculated') void client.invalidateQueries({ queryKey: reviewKeys.all });
  });
  const mobile = useIsMobile();
  const summary = useReviewSummary();
  const next = useNextWizard();
  const complete = useCompleteWizard();
  const recalculate = useRecalculate();
  const details = useTaxDetails();
  const asked = params.get('wizard');
  const entry = useQuery({
    queryKey: [...reviewKeys.all, 'entry'],
    queryFn: ({ signal }) => callApi(reviewEntry, { signal }),
    enabled: !isWizard(asked),
  });
  const wizard: Wizard | null = isWizard(asked) ? asked : (entry.data?.wizard_name ?? null);
  useEffect(() => {
    if (wizard) rememberStep(wizard);
  }, [wizard]);

  if (summary.isPending || wizard === null) return <LoadingState label="Loading your review…" />;
  if (summary.isError)
    return <ErrorState message={errorText(summary.error)} onRetry={() => summary.refetch()} />;
  const go = (w: Wizard) => setParams({ wizard: w });
  // `year`: the tax year the user was working on (the method step), opened by the summary.
  const onContinue = (year?: number) => {
    const traceId = next.data?.id;
    if (traceId === undefined) return;
    complete.mutate(
      { traceId, wizard },
      {
        onSuccess: async (r) => {
          await client.invalidateQueries({ queryKey: reviewKeys.all });
          if (r.wizard_name === 'tax_summary') {
            rememberStep('tax_summary');
            await navigate(year ? `${paths.taxSummary.getHref()}?year=${year}` : paths.taxSummary.getHref());
          } else go(r.wizard_name);
        },
      },
    );
  };
  const counts = new Map(summary.data.wizards.map((w) => [w.wizard, w]));
  const title = WIZARD_TITLES[wizard];
  return (
    <>
      <PageHeader
        title="Review"
        description={
          summary.data.total > 0
            ? `${summary.data.total.toLocaleString('en-US')} ${summary.data.total === 1 ? 'thing' : 'things'} to look at before your tax return.`
            : 'Nothing left to review.'
        }
      />
      <Stepper active={WIZARD_STEP[wizard] - 1} size="sm" mb="lg" allowNextStepsSelect={false}>
        {STEPS.map((label) => (
          <Stepper.Step key={label} label={mobile ? undefined : label} />
        ))}
      </Stepper>
      {summary.data.stale ? (
        <Alert
          color="orange"
          mb="md"
          title={summary.data.calculated_at ? 'Recalculate your taxes' : 'Calculate your taxes'}
          data-testid="review-stale"
        >
          <Group justify="space-between" gap="xs">
            <Text fz="sm">
              {summary.data.calculated_at
                ? `${[...(details.data?.stale_reasons ?? []), ''].join(' ')}Recalculate to refresh missing prices, negative balances and deposits from nowhere.`
                : 'You have not calculated your taxes yet. The calculation finds missing prices, negative balances and deposits from nowhere.'}
            </Text>
            <Button size="xs" loading={recalculate.isPending} onClick={() => recalculate.mutate()}>
              {summary.data.calculated_at ? 'Recalculate' : 'Calculate'}
            </Button>
          </Group>
        </Alert>
      ) : null}
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          {mobile ? (
            <Select
              aria-label="Review step"
              data={WIZARDS.map((w) => ({
                value: w,
                label: `${WIZARD_TITLES[w].title}${counts.get(w)?.count ? ` (${counts.get(w)?.count})` : ''}`,
              }))}
              value={wizard}
              onChange={(v) => isWizard(v) && go(v)}
              allowDeselect={false}
            />
          ) : (
            <Stack gap={2} data-testid="review-steps">
              {WIZARDS.map((w) => {
                const c = counts.get(w);
                return (
                  <NavLink
                    key={w}
                    label={WIZARD_TITLES[w].title}
                    active={w === wizard}
                    onClick={() => go(w)}
                    rightSection={
                      c && c.count > 0 ? (
                        <Badge size="sm" color="red" variant="light">
                          {c.count.toLocaleString('en-US')}
                        </Badge>
                      ) : c?.completed ? (
                        <IconCircleCheck size={16} color="var(--mantine-color-teal-6)" />
                      ) : null
                    }
                  />
                );
              })}
            </Stack>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Card withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
            <Stack gap="md">
              <Stack gap={2}>
                <Title order={2} fz="lg" data-testid="wizard-title">
                  {title.title}
                </Title>
                <Text fz="sm" c="dimmed">
                  {title.question}
                </Text>
              </Stack>
              <StepBody wizard={wizard} onChosen={onContinue} />
              {wizard !== 'SelectLifoFifo' ? (
                <Group justify="flex-end">
                  <Button
                    onClick={() => onContinue()}
                    loading={complete.isPending}
                    disabled={next.data === undefined}
                  >
                    Continue
                  </Button>
                </Group>
              ) : null}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </>
  );
}
