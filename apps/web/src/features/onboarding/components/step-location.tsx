import { Select, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormError } from '@/components/ui/form-error';
import { isUsRegion } from '@/lib/access/roles';
import { errorText } from '@/lib/api-client';
import { countryOptions } from '@/lib/countries';
import { useUser } from '@/lib/session/session';
import { useSaveLocation } from '../api/save-location';
import { OnboardingLayout } from './onboarding-layout';
import { StepActions } from './step-actions';

export function StepLocation() {
  const user = useUser();
  const navigate = useNavigate();
  const options = useMemo(countryOptions, []);
  const [country, setCountry] = useState<string | null>(user.country_code || 'US');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveLocation();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!country) {
      setError('Choose the country where you pay tax.');
      return;
    }
    setError(null);
    save.mutate(country, { onSuccess: () => navigate('/onboarding/step-3') });
  };

  return (
    <OnboardingLayout
      step={2}
      title="Where do you pay tax?"
      subtitle="Tax rules, forms and filing options depend on your country."
    >
      <form onSubmit={onSubmit}>
        <Stack gap="md">
          <FormError message={save.isError ? errorText(save.error) : null} />
          <Select
            label="Country"
            searchable
            data={options}
            value={country}
            onChange={setCountry}
            error={error}
            leftSection={<IconMapPin size={16} />}
            nothingFoundMessage="No country matches"
            maxDropdownHeight={351}
            allowDeselect={false}
          />
          {country ? (
            <Text fz="sm" c="dimmed">
              {isUsRegion(country)
                ? 'You will get IRS forms (8949, Schedule D) and can file your return from Lotwise.'
                : 'You will get gains, losses and income reports you can give to your tax office or accountant.'}
            </Text>
          ) : null}
          <StepActions back="/onboarding/step-1" loading={save.isPending} />
        </Stack>
      </form>
    </OnboardingLayout>
  );
}
