import { Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useIsMobile } from '@/hooks/use-is-mobile';

interface ImportDropzoneProps {
  onFiles: (files: File[]) => void;
  title?: string;
  hint?: string;
  disabled?: boolean;
  compact?: boolean;
}

/** Drop files here, or choose them — an export of any exchange or wallet (CSV, TSV or text). */
export function ImportDropzone({
  onFiles,
  title,
  hint = 'CSV exports from exchanges and wallets. We recognise the layout for you.',
  disabled = false,
  compact = false,
}: ImportDropzoneProps) {
  const mobile = useIsMobile();
  const heading = title ?? (mobile ? 'Upload your export files' : 'Drop your export files here');
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [over, setOver] = useState(false);

  const take = (list: FileList | null) => {
    const files = list ? Array.from(list) : [];
    if (files.length > 0 && !disabled) onFiles(files);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files);
  };

  return (
    <Paper
      data-testid="import-dropzone"
      withBorder
      radius="md"
      p={compact ? 'md' : { base: 'lg', sm: 'xl' }}
      onDragOver={(event: DragEvent<HTMLDivElement>) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      style={{
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: over ? 'var(--mantine-color-teal-6)' : undefined,
        background: over ? 'var(--mantine-color-teal-0)' : 'var(--mantine-color-gray-0)',
        opacity: disabled ? 0.6 : 1,
        transition: 'background 120ms, border-color 120ms',
      }}
    >
      <Stack align="center" gap={compact ? 6 : 'xs'} ta="center">
        <ThemeIcon size={compact ? 40 : 56} radius="xl" variant="light" color="teal">
          <IconCloudUpload size={compact ? 22 : 30} />
        </ThemeIcon>
        <Text fw={600} fz={compact ? 'sm' : 'md'}>
          {heading}
        </Text>
        <Text c="dimmed" fz="sm" maw={440}>
          {hint}
        </Text>
        <Button
          variant="light"
          size={compact ? 'xs' : 'sm'}
          disabled={disabled}
          onClick={() => input.current?.click()}
          aria-controls={id}
        >
          Choose files
        </Button>
        <input
          ref={input}
          id={id}
          data-testid="import-file-input"
          aria-label="Export files"
          type="file"
          multiple
          accept=".csv,.tsv,.txt,text/csv,text/plain"
          hidden
          onChange={(event) => {
            take(event.currentTarget.files);
            event.currentTarget.value = '';
          }}
        />
      </Stack>
    </Paper>
  );
}
