// Every example of this package's README runs as written (see
// test/support/readme-examples.ts), with the user's files and commands its
// import examples name.
import { describeReadmeExamples } from '../../../test/support/readme-examples.js';

const ndjson = '{"name":"Rex","categoryId":1}\n{"name":"Tom","categoryId":2,"status":"pending"}\n';

describeReadmeExamples('packages/cli/README.md', {
  files: {
    'pets.csv': 'name,categoryId,status\nRex,1,available\n"Tom, the cat",2,\n',
    'pets.ndjson': ndjson,
    'pet.json': '{"name":"Nimbus","categoryId":2,"status":"pending"}\n',
  },
  commands: { 'some-export': `printf '%s' '${ndjson}'` },
});
