import { mockServerGlobalSetup } from '@petstore/mock-server/playwright';

// One petstore-mock for the whole run, on any free port; the workers find it
// in PETSTORE_MOCK_URL. What this returns closes it after the run.
export default mockServerGlobalSetup();
