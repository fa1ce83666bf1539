import {
  NotFoundError,
  PetstoreClient,
  isApiError,
  isNotFoundError,
  type ApiError,
  type ApiPromise,
  type NewPet,
  type Pet,
  type PetCreateParams,
  type PetListParams,
  type PetStatus,
  type WithResponse,
} from '@petstore/sdk';
import { describe, expectTypeOf, it } from 'vitest';

// Checked by `pnpm typecheck` (tsc over the tests); the runtime part only
// proves the file loads against the built package.
describe('public types', () => {
  const client = new PetstoreClient({ baseUrl: 'http://127.0.0.1:1/v1', apiKey: 'k' });

  it('types the methods', () => {
    expectTypeOf(client.pets.list).parameter(0).toEqualTypeOf<{ limit?: number | undefined; status?: PetStatus | undefined } | undefined>();
    expectTypeOf(client.pets.list).parameter(0).toEqualTypeOf<PetListParams | undefined>();
    expectTypeOf(client.pets.list).returns.toEqualTypeOf<ApiPromise<Pet[]>>();
    expectTypeOf(client.pets.create).parameter(0).toEqualTypeOf<PetCreateParams>();
    // The contract's fields, each optional one also taking undefined (below).
    expectTypeOf<keyof PetCreateParams>().toEqualTypeOf<keyof NewPet>();
    expectTypeOf<Required<PetCreateParams>['name']>().toEqualTypeOf<NewPet['name']>();
    expectTypeOf(client.pets.create).returns.toEqualTypeOf<ApiPromise<Pet>>();
    expectTypeOf(client.pets.get).parameter(0).toEqualTypeOf<number>();
    expectTypeOf<Awaited<ReturnType<typeof client.pets.list>>>().toEqualTypeOf<Pet[]>();
    expectTypeOf<ReturnType<ApiPromise<Pet>['withResponse']>>().toEqualTypeOf<Promise<WithResponse<Pet>>>();
  });

  it('types a Pet as the contract says', () => {
    // The specification's Pet is NewPet plus id: status is optional there too.
    // (The fields themselves are the contract's; this test does not restate them.)
    expectTypeOf<Pet>().toEqualTypeOf<{ [K in keyof (NewPet & { id: number })]: (NewPet & { id: number })[K] }>();
    expectTypeOf<Pick<Pet, 'status'>>().toEqualTypeOf<{ status?: PetStatus }>();
  });

  it('takes undefined as "not given" for optional arguments, under exactOptionalPropertyTypes', () => {
    // This file is compiled with exactOptionalPropertyTypes (tsconfig.base.json), as TS 7's `tsc --init` sets it.
    const status: PetStatus | undefined = undefined;
    void client.pets.list({ limit: undefined, status: undefined }).catch(() => undefined);
    void client.pets.list({ status }).catch(() => undefined);
    void client.pets.create({ name: 'Rex', categoryId: 1, status: undefined }).catch(() => undefined);
    void client.pets.list({}, { signal: undefined, timeout: undefined, maxRetries: undefined, headers: undefined }).catch(() => undefined);
    // The contract's own types describe the wire, where a field is there or not.
    // @ts-expect-error NewPet (the wire) has no undefined status
    const wire: NewPet = { name: 'Rex', categoryId: 1, status: undefined };
    void wire;
    // @ts-expect-error name is still required, and not undefined
    void client.pets.create({ name: undefined, categoryId: 1 }).catch(() => undefined);
  });

  it('refuses wrong arguments at compile time', () => {
    // @ts-expect-error status must be one of the enumeration
    void client.pets.list({ status: 'lost' }).catch(() => undefined);
    // @ts-expect-error categoryId is required
    void client.pets.create({ name: 'Rex' }).catch(() => undefined);
    // @ts-expect-error ids are numbers
    void client.pets.get('1').catch(() => undefined);
  });

  it('narrows errors with instanceof and with the guards', () => {
    const error: unknown = new Error('x');
    if (error instanceof NotFoundError) expectTypeOf(error.status).toEqualTypeOf<number>();
    if (isNotFoundError(error)) expectTypeOf(error).toEqualTypeOf<NotFoundError>();
    if (isApiError(error)) {
      expectTypeOf(error).toEqualTypeOf<ApiError>();
      expectTypeOf(error.requestId).toEqualTypeOf<string | undefined>();
      expectTypeOf(error.headers).toEqualTypeOf<Headers>();
    }
  });
});
