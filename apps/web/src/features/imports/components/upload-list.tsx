import { Stack } from '@mantine/core';
import type { UploadItem } from '../hooks/use-uploads';
import { UploadItemCard } from './upload-item-card';

export function UploadList({ items, onDismiss }: { items: UploadItem[]; onDismiss: (key: string) => void }) {
  if (items.length === 0) return null;
  return (
    <Stack gap="xs" aria-live="polite" data-testid="upload-list">
      {items.map((item) => (
        <UploadItemCard key={item.key} item={item} onDismiss={() => onDismiss(item.key)} />
      ))}
    </Stack>
  );
}
