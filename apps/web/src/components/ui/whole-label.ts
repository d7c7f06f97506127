import type { CSSProperties } from 'react';

/**
 * Labels that must be read whole on a phone (issue 35, item 3: "INCOMPLETE" was cut to
 * "INCO…", "IN USE" and a download button's label were cut at 375 px). Mantine cuts a badge or
 * button label that does not fit with an ellipsis; these let it keep its width or wrap instead.
 */

/**
 * A badge or button at its own width: it never shrinks into an ellipsis, its row or table cell
 * makes room (the label's hidden overflow is what let a cell squeeze it: it counted for nothing
 * in the cell's minimum width).
 */
export const WHOLE_LABEL_STYLES = {
  root: { flexShrink: 0, maxWidth: 'none' } satisfies CSSProperties,
  label: { overflow: 'visible', textOverflow: 'clip' } satisfies CSSProperties,
} as const;

/** A badge whose words may wrap onto a second line rather than be cut. */
export const WRAPPING_BADGE_STYLES = {
  root: { height: 'auto', maxWidth: '100%', paddingBlock: 2, lineHeight: 1.3 },
  label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' },
} as const;

/** A button whose label may wrap onto a second line rather than be cut. */
export const WRAPPING_BUTTON_STYLES = {
  root: { height: 'auto', minHeight: 36, paddingBlock: 6, maxWidth: '100%' },
  label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'left', lineHeight: 1.3 },
} as const;
