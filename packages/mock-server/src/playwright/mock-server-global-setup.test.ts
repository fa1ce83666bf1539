import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEV_API_KEY } from '../core/index.js';
import { mockServerGlobalSetup } from './mock-server-global-setup.js';

describe('mockServerGlobalSetup', () => {
  afterEach(() => void vi.unstubAllEnvs());

  it('starts one server, hands its origin on in PETSTORE_MOCK_URL, and its teardown closes it and takes the variable back', async () => {
    vi.stubEnv('PETSTORE_MOCK_URL', undefined);
    const teardown = await mockServerGlobalSetup({ seed: 2 })();
    const origin = process.env['PETSTORE_MOCK_URL'];
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const pets = await fetch(`${origin}/v1/pets`, { headers: { authorization: `Bearer ${DEV_API_KEY}` } });
    expect(await pets.json()).toHaveLength(2);
    await teardown();
    expect(process.env['PETSTORE_MOCK_URL']).toBeUndefined();
    await expect(fetch(`${origin}/v1/pets`)).rejects.toThrow();
  });

  it('starts nothing when PETSTORE_MOCK_URL names a server already', async () => {
    vi.stubEnv('PETSTORE_MOCK_URL', 'http://127.0.0.1:4010');
    const teardown = await mockServerGlobalSetup()();
    expect(process.env['PETSTORE_MOCK_URL']).toBe('http://127.0.0.1:4010');
    await teardown();
    expect(process.env['PETSTORE_MOCK_URL']).toBe('http://127.0.0.1:4010');
  });
});
