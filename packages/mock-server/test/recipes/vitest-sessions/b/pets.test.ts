// a/pets.test.ts has this file's name: each must still get a session of its own.
import { itSeesOnlyItsOwnAnimal } from '../same-name.js';

itSeesOnlyItsOwnAnimal('Rex');
