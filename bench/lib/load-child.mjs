// The load generator's own process: runs autocannon for the parent, one run per
// IPC message, so that the client never shares an event loop (or a core's worth
// of JIT and GC) with the server it measures. Started with fork() by load.mjs;
// exits when told to, or as soon as its parent goes away.
import process from 'node:process';
import autocannon from 'autocannon';

if (!process.send) {
  process.stderr.write('load-child.mjs is started by bench/lib/load.mjs (fork with IPC), not by hand\n');
  process.exit(2);
}

// Orphaned (the parent died without killing us): stop at once.
process.on('disconnect', () => process.exit(3));

function summarize(result) {
  return {
    title: result.title,
    url: result.url,
    connections: result.connections,
    durationS: result.duration,
    // requests.average etc. are statistics of the samples (completed requests per sampleInt ms);
    // requests.total and requests.sent are counts over the whole run.
    sampleIntervalMs: result.sampleInt,
    requestsPerSample: {
      average: result.requests.average,
      stddev: result.requests.stddev,
      min: result.requests.min,
      max: result.requests.max,
      samples: result.samples,
    },
    totalCompleted: result.requests.total,
    totalSent: result.requests.sent,
    latencyMs: { average: result.latency.average, p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    throughputBytesPerSample: result.throughput.average,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    mismatches: result.mismatches,
    resets: result.resets,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count])),
  };
}

process.on('message', async (message) => {
  if (message?.type === 'exit') process.exit(0);
  if (message?.type !== 'run') return;
  try {
    const result = await autocannon(message.options);
    process.send({ type: 'result', id: message.id, result: summarize(result) });
  } catch (error) {
    process.send({ type: 'error', id: message.id, message: error instanceof Error ? error.message : String(error) });
  }
});

process.send({ type: 'ready' });
