import { Text, type TextProps, Tooltip } from '@mantine/core';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { shortenFileName } from '@/lib/format/text';

/** A CSV name shortened by the rules of spec 01 §5, the full name in a tooltip. */
export function FileName({ name, ...props }: { name: string } & TextProps) {
  const mobile = useIsMobile();
  const short = shortenFileName(name, mobile);
  const text = (
    <Text span fz="sm" {...props} style={{ wordBreak: 'break-all' }}>
      {short}
    </Text>
  );
  return short === name ? text : <Tooltip label={name}>{text}</Tooltip>;
}
