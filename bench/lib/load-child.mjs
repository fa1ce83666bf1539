// The load generator's own process, forked by load.mjs: one autocannon run per IPC message, so that
// the client never shares an event loop (or a core's JIT and GC) with the server it measures.
import process from 'node:process';
import autocannon from 'autocannon';

// Orphaned (the parent died without killing us): stop at once.
process.on('disconnect', () => process.exit(0));

process.on('message', async (options) => {
  try {
    const result = await autocannon(options);
    const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]));
    const { duration: durationS, errors, timeouts } = result;
    process.send({ result: { durationS, completed: result.requests.total, p99Ms: result.latency.p99, errors, timeouts, statusCodes } });
  } catch (error) {
    process.send({ error: error instanceof Error ? error.message : String(error) });
  }
});

process.send('ready');
