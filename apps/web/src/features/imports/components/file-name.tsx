import { Text, type TextProps, Tooltip } from '@mantine/core';
import { Fragment } from 'react';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { shortenFileName } from '@/lib/format/text';

/** The name cut after each separator (_ - . space), where a line may break before a word is split. */
export function breakableParts(name: string): string[] {
  return name.split(/(?<=[_\-. ])/);
}

/**
 * A CSV name shortened by the rules of spec 01 §5, the full name in a tooltip. On a narrow
 * screen a long name wraps after a separator (`coinbase_2024-` / `report.csv`); a word is split
 * only when it is wider than the line by itself.
 */
export function FileName({ name, ...props }: { name: string } & TextProps) {
  const mobile = useIsMobile();
  const short = shortenFileName(name, mobile);
  const text = (
    <Text span fz="sm" data-testid="file-name" {...props} style={{ overflowWrap: 'anywhere' }}>
      {breakableParts(short).map((part, i) => (
        // The parts of one name never reorder: the index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </Text>
  );
  return short === name ? text : <Tooltip label={name}>{text}</Tooltip>;
}
