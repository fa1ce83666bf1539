import { mockServerGlobalSetup } from '@petstore/mock-server/playwright';

export default mockServerGlobalSetup();
