// The bundle's commands run in a worker thread with a larger young generation (see
// lotwise.mjs): a calculation keeps a million rows alive while it parses them, so with V8's
// default 16 MiB semi-spaces it spends a quarter of its time in scavenges copying survivors.
// A worker's process.stdout forwards every write to the main thread, which buffers it all when
// the output is large (a million rows print 361 MB); here stdout and stderr write to the
// process's own descriptors, synchronously, as the main thread's do for files and pipes.
import { writeSync } from 'node:fs';
import { Writable } from 'node:stream';
import { workerData } from 'node:worker_threads';

const pause = new Int32Array(new SharedArrayBuffer(4));

/** Writes all of the chunk to fd, waiting a millisecond whenever a non-blocking pipe is full. */
function writeAll(fd, chunk) {
  const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
  let done = 0;
  while (done < bytes.length) {
    try {
      done += writeSync(fd, bytes, done, bytes.length - done);
    } catch (error) {
      if (error?.code !== 'EAGAIN') throw error;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}

function fdStream(fd) {
  const stream = new Writable({
    decodeStrings: false,
    write(chunk, _encoding, callback) {
      try {
        writeAll(fd, chunk);
        callback();
      } catch (error) {
        callback(error);
      }
    },
  });
  stream.fd = fd;
  stream.isTTY = false;
  return stream;
}

for (const [name, fd] of [
  ['stdout', 1],
  ['stderr', 2],
]) {
  Object.defineProperty(process, name, { value: fdStream(fd), configurable: true, writable: true });
}

await import(workerData.bundle);
