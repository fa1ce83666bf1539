import type { Failure } from '../errors/to-exit.js';

/** Why sending stopped early, set from outside (Ctrl-C) or by the first failure every row would meet. */
export interface SendControl {
  interrupted: boolean;
  stoppedBy?: Failure;
}
