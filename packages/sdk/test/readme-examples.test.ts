// Every example of this package's README runs as written (see test/support/readme-examples.ts).
import { describeReadmeExamples } from '../../../test/support/readme-examples.js';

describeReadmeExamples('packages/sdk/README.md');
