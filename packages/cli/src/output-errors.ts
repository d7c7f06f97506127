/**
 * What happens when the output cannot be written. Without this, `lotwise calc --json | head`
 * and `> /dev/full` ended in Node's "Unhandled 'error' event" stack trace.
 *
 * - The reader closed the pipe early (EPIPE: `| head`). That was the reader's choice, so
 *   there is no message. The exit code is 1 because the output is not complete.
 * - Any other failed write (ENOSPC: a full disk, EIO, …) gets one line naming the error, and
 *   exit code 1.
 */
export function guardOutput(stream: NodeJS.WriteStream = process.stdout): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    outputFailed(error);
    // The command may still be writing; nothing more of it can reach the reader.
    process.exit(1);
  });
}

/** A write error thrown where it happened (a file's stdout writes synchronously). */
export function isOutputError(error: unknown): error is NodeJS.ErrnoException {
  const e = error as NodeJS.ErrnoException | null;
  return typeof e?.code === 'string' && e.syscall === 'write';
}

export function outputFailed(error: NodeJS.ErrnoException): void {
  if (error.code !== 'EPIPE') process.stderr.write(`lotwise: cannot write the output: ${error.message}\n`);
}
