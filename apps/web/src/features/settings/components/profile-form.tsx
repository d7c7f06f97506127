import { Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useMemo, useState } from 'react';
import { FormError } from '@/components/ui/form-error';
import { errorText } from '@/lib/api-client';
import { countryOptions } from '@/lib/countries';
import { useUser } from '@/lib/session/session';
import { useUpdateProfile } from '../api/update-profile';

export function ProfileForm() {
  const user = useUser();
  const countries = useMemo(countryOptions, []);
  const [firstName, setFirstName] = useState(user.first_name ?? '');
  const [lastName, setLastName] = useState(user.last_name ?? '');
  const [username, setUsername] = useState(user.username ?? '');
  const [country, setCountry] = useState<string | null>(user.country_code);
  const update = useUpdateProfile();
  const dirty =
    firstName !== (user.first_name ?? '') ||
    lastName !== (user.last_name ?? '') ||
    username !== (user.username ?? '') ||
    country !== user.country_code;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!country) return;
    update.mutate(
      {
        first_name: firstName.trim() || null,
        last_name: lastName.trim() || null,
        username: username.trim() || null,
        country_code: country,
      },
      { onSuccess: () => notifications.show({ color: 'teal', message: 'Profile saved' }) },
    );
  };

  return (
    <Card>
      <form onSubmit={onSubmit}>
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} fz="lg">
              Profile
            </Title>
            <Text fz="sm" c="dimmed">
              Your name appears on reports; your country decides the tax forms you get.
            </Text>
          </Stack>
          <FormError message={update.isError ? errorText(update.error) : null} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="First name"
              value={firstName}
              onChange={(e) => setFirstName(e.currentTarget.value)}
              maxLength={100}
            />
            <TextInput
              label="Last name"
              value={lastName}
              onChange={(e) => setLastName(e.currentTarget.value)}
              maxLength={100}
            />
            <TextInput
              label="Username"
              value={username}
              onChange={(e) => setUsername(e.currentTarget.value)}
              maxLength={60}
            />
            <TextInput
              label="E-mail"
              value={user.email}
              readOnly
              disabled
              description="Contact support to change it"
            />
            <Select
              label="Country"
              searchable
              data={countries}
              value={country}
              onChange={setCountry}
              allowDeselect={false}
              maxDropdownHeight={351}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={!dirty}>
              Save profile
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
