import { Button, Card, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { FormError } from '@/components/ui/form-error';
import { type BulkEditPreference, useSaveBulkEditPreference } from '@/lib/api/settings/bulk-edit-preference';
import { errorText } from '@/lib/api-client';
import { useUser } from '@/lib/session/session';

const ASK = 'ask';

/**
 * Bulk edit preference (spec 02 §3 setting, /settings#bulk_edit_preference): whether a bulk
 * change on a selection that spans pages applies to this page or every matching page, or
 * asks each time.
 */
export function BulkEditPreferenceForm() {
  const user = useUser();
  const save = useSaveBulkEditPreference();
  const saved = user.bulk_edit_preference ?? ASK;
  const [value, setValue] = useState<string>(saved);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const pref: BulkEditPreference = value === ASK ? null : (value as 'single_page' | 'all_pages');
    save.mutate(pref, {
      onSuccess: () => notifications.show({ color: 'teal', message: 'Preference saved' }),
    });
  };
  return (
    <Card id="bulk_edit_preference" data-testid="bulk-edit-preference">
      <form onSubmit={onSubmit}>
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} fz="lg">
              Bulk edit preference
            </Title>
            <Text fz="sm" c="dimmed">
              When a bulk change covers a selection that continues on other pages.
            </Text>
          </Stack>
          <Radio.Group value={value} onChange={setValue} aria-label="Bulk edit preference">
            <Stack gap="sm">
              <Radio value={ASK} label="Ask me each time" />
              <Radio value="single_page" label="Apply to just this page" />
              <Radio
                value="all_pages"
                label="Apply to all pages that match the selection"
                description="This may take some time to show in the table."
              />
            </Stack>
          </Radio.Group>
          <FormError message={save.error ? errorText(save.error) : null} />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={value === saved}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
