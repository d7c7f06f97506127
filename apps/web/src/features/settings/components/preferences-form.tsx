import { Button, Card, Group, Select, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { FormError } from '@/components/ui/form-error';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { errorText } from '@/lib/api-client';
import { useUser } from '@/lib/session/session';
import { usePreferenceOptions } from '../api/get-preference-options';
import { useSavePreferences } from '../api/save-preferences';

/** Reporting currency, time zone and notification choices (the ones onboarding asked for). */
export function PreferencesForm() {
  const user = useUser();
  const options = usePreferenceOptions();
  const save = useSavePreferences();
  const [currency, setCurrency] = useState(user.currency);
  const [timezone, setTimezone] = useState(user.timezone);
  const [email, setEmail] = useState(user.email_notifications);
  const [inApp, setInApp] = useState(user.switch_notifications);
  const dirty =
    currency !== user.currency ||
    timezone !== user.timezone ||
    email !== user.email_notifications ||
    inApp !== user.switch_notifications;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { currency, timezone, email_notifications: email, switch_notifications: inApp },
      { onSuccess: () => notifications.show({ color: 'teal', message: 'Preferences saved' }) },
    );
  };

  return (
    <Card>
      <form onSubmit={onSubmit}>
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} fz="lg">
              Preferences
            </Title>
            <Text fz="sm" c="dimmed">
              Changing the currency or time zone means your taxes need recalculating.
            </Text>
          </Stack>
          <FormError message={save.isError ? errorText(save.error) : null} />
          {options.isPending ? <LoadingState label="Loading currencies…" /> : null}
          {options.isError ? (
            <ErrorState message={errorText(options.error)} onRetry={() => void options.refetch()} />
          ) : null}
          {options.data ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Reporting currency"
                searchable
                data={options.data.currencies.map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }))}
                value={currency}
                onChange={(v) => v && setCurrency(v)}
                allowDeselect={false}
                maxDropdownHeight={351}
              />
              <Select
                label="Time zone"
                searchable
                data={options.data.timezones}
                value={timezone}
                onChange={(v) => v && setTimezone(v)}
                allowDeselect={false}
                maxDropdownHeight={351}
                limit={300}
              />
            </SimpleGrid>
          ) : null}
          <Switch
            checked={email}
            onChange={(e) => setEmail(e.currentTarget.checked)}
            label="E-mail me when imports and tax calculations finish"
          />
          <Switch
            checked={inApp}
            onChange={(e) => setInApp(e.currentTarget.checked)}
            label="Show in-app notifications"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={!dirty || !options.data}>
              Save preferences
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
