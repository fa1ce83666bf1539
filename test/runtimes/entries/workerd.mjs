// The conformance suite inside workerd, as the test handler `workerd test`
// calls. The mock's address and key come as bindings (workerd has no process).
import { runConformance } from './conformance.js';

export default {
  async test(_controller, env) {
    const { failed, total } = await runConformance({ baseUrl: env.BASE_URL, apiKey: env.API_KEY });
    // A throw is what makes `workerd test` print [ FAIL ] and exit 1.
    if (failed > 0) throw new Error(`${failed} of ${total} conformance cases failed`);
  },
};
