import type { StorybookConfig } from '@storybook/html-vite';

export default {
  framework: '@storybook/html-vite',
  stories: ['../*.stories.ts'],
  addons: ['@storybook/addon-vitest'],
  // MSW's service worker (npx msw init public), served at the root.
  staticDirs: ['../public'],
  core: { disableTelemetry: true },
} satisfies StorybookConfig;
