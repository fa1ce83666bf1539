import { operationMethods } from '@petstore/sdk/contract';
import { ADMIN_METHODS } from './admin/admin.js';

/**
 * Every method the server answers: the operations' (from the contract's
 * table), HEAD as GET without a body, the admin API's, and preflights. CORS
 * allows them; an `Allow` that names the whole server lists them.
 */
export const SERVER_METHODS: readonly string[] = [...new Set(['GET', 'HEAD', ...operationMethods(), ...ADMIN_METHODS, 'OPTIONS'])];
