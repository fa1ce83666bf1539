import { ADMIN_PATH } from './admin/admin.js';

/** The API's base path. */
export const BASE_PATH = '/v1';

/** Where the mock serves its OpenAPI document (the API's, with the admin API's paths). */
export const OPENAPI_PATH = `${BASE_PATH}/openapi.json`;

/** Whether `path` is the admin API's: the test's own, never recorded. */
export const isAdminPath = (path: string): boolean => path.startsWith(`${ADMIN_PATH}/`);

/** Whether `path` lies under the base path: an API operation's, or none (a 404). */
export const isApiPath = (path: string): boolean => path === BASE_PATH || path.startsWith(`${BASE_PATH}/`);
