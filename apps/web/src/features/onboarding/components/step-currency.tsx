import { Select, Stack } from '@mantine/core';
import { IconClock, IconCurrencyDollar } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormError } from '@/components/ui/form-error';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { errorText } from '@/lib/api-client';
import { useUser } from '@/lib/session/session';
import { useTimezoneOptions } from '../api/get-timezone-options';
import { useSaveCurrency } from '../api/save-currency';
import { OnboardingLayout } from './onboarding-layout';
import { StepActions } from './step-actions';

function browserTimezone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export function StepCurrency() {
  const user = useUser();
  const navigate = useNavigate();
  const options = useTimezoneOptions();
  const save = useSaveCurrency();
  const [currency, setCurrency] = useState<string | null>(null);
  const [timezone, setTimezone] = useState<string | null>(null);

  const title = 'Reporting currency and time zone';
  const subtitle = 'Gains are reported in this currency, and days are counted in this time zone.';
  if (options.isPending) {
    return (
      <OnboardingLayout step={3} title={title} subtitle={subtitle}>
        <LoadingState label="Loading currencies…" />
      </OnboardingLayout>
    );
  }
  if (options.isError) {
    return (
      <OnboardingLayout step={3} title={title} subtitle={subtitle}>
        <ErrorState message={errorText(options.error)} onRetry={() => void options.refetch()} />
      </OnboardingLayout>
    );
  }

  const data = options.data;
  const guessed = browserTimezone();
  const zoneDefault =
    user.timezone && user.timezone !== 'UTC'
      ? user.timezone
      : guessed && data.timezones.includes(guessed)
        ? guessed
        : data.current.timezone;
  const currencyValue = currency ?? data.current.currency ?? user.currency;
  const timezoneValue = timezone ?? zoneDefault;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!currencyValue || !timezoneValue) return;
    save.mutate(
      { currency: currencyValue, timezone: timezoneValue },
      { onSuccess: () => navigate('/onboarding/step-4') },
    );
  };

  return (
    <OnboardingLayout step={3} title={title} subtitle={subtitle}>
      <form onSubmit={onSubmit}>
        <Stack gap="md">
          <FormError message={save.isError ? errorText(save.error) : null} />
          <Select
            label="Reporting currency"
            searchable
            data={data.currencies.map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }))}
            value={currencyValue}
            onChange={setCurrency}
            leftSection={<IconCurrencyDollar size={16} />}
            allowDeselect={false}
            maxDropdownHeight={351}
            nothingFoundMessage="No currency matches"
          />
          <Select
            label="Time zone"
            searchable
            data={data.timezones}
            value={timezoneValue}
            onChange={setTimezone}
            leftSection={<IconClock size={16} />}
            allowDeselect={false}
            maxDropdownHeight={351}
            limit={300}
            nothingFoundMessage="No time zone matches"
          />
          <StepActions
            back="/onboarding/step-2"
            loading={save.isPending}
            disabled={!currencyValue || !timezoneValue}
          />
        </Stack>
      </form>
    </OnboardingLayout>
  );
}
