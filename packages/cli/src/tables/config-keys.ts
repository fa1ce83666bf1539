/** The settings `config get|set|unset` know: checked by commander and offered by completion. */
export const CONFIG_KEYS = ['profile', 'base-url'] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];
