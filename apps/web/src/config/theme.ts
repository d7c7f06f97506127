import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  colors: {
    navy: [
      '#eef2f8',
      '#dbe2ee',
      '#b3c2dc',
      '#88a0ca',
      '#6483bb',
      '#4d71b2',
      '#4067ae',
      '#325799',
      '#2a4d89',
      '#12263f',
    ],
  },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { withBorder: true, radius: 'lg', padding: 'lg' } },
  },
});
