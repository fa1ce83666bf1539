import type { Source } from '../config/resolve-settings.js';
import type { ExtraCaCerts } from './extra-ca-certs.js';

/** The items of the report, in its order. */
export const DOCTOR_ITEMS = ['profile', 'baseUrl', 'apiKey', 'proxy', 'extraCaCerts', 'request'] as const;
export type DoctorItem = (typeof DOCTOR_ITEMS)[number];

/** What `petstore doctor` found: each setting with where it came from. `null` where it is unknown or unset. */
export interface DoctorReport {
  node: string;
  cli: string;
  profile: { name: string; source: Source } | null;
  baseUrl: { url: string; source: Source } | null;
  apiKey: { source: Source } | null;
  /** The proxy for the base URL: its URL (password hidden) and variable, or the NO_PROXY rule that bypasses it. */
  proxy: { url: string | null; source: string | null; noProxyRule: string | null } | null;
  extraCaCerts: ExtraCaCerts | null;
  /** The one request; `status` null when no answer came. */
  request: { method: 'GET'; url: string; status: number | null; ms: number; requestId: string | null } | null;
  /** What is wrong, item by item in the report's order, each in the words of the error a command would print. */
  problems: { item: DoctorItem; message: string }[];
}

/** Items not found: `none` where no source gives one, else the broken item it needed. */
export type Missing = Partial<Record<DoctorItem, 'none' | DoctorItem>>;
