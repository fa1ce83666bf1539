// What every entry of the package (., ./msw and ./fetch) gives of the core
// besides its transport: the key, the seed helpers and the controls' types.
export {
  createPetStore,
  DEV_API_KEY,
  FAULT_KINDS,
  generateSeed,
  type ArmedFault,
  type FaultKind,
  type Faults,
  type FaultSpec,
  type ArmedOverride,
  type OverrideAnswer,
  type OverrideMatch,
  type OverrideOptions,
  type Overrides,
  type MockApiOptions,
  type PetStore,
  type RecordedRequest,
  type RecordedRequests,
  type RequestFilter,
  type SeedPet,
} from '../core/index.js';
