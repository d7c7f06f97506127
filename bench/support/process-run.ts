/**
 * Whole processes, timed from outside: wall time, CPU time (user + system of all threads,
 * read from /proc while it runs) and peak resident memory (VmHWM), with the load average when
 * it ended. Shared by the CLI's benchmarks against the floor and against RP2.
 */
import { spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

export interface Run {
  ms: number;
  /** User + system CPU time of the process (all its threads), read from /proc as it runs. */
  cpuMs: number;
  peakMb: number;
  code: number | null;
  stderr: string;
  /** The 1-minute load average when it ended. */
  load: number;
}

/** Clock ticks per second of /proc/PID/stat's utime and stime (USER_HZ, 100 on Linux). */
const TICK_MS = 10;

function loadAverage(): number {
  try {
    return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  } catch {
    return Number.NaN;
  }
}

/** A command to run: the executable (Node itself when absent), its arguments and directory. */
export interface Command {
  file?: string;
  args: string[];
  cwd: string;
}

/** Runs a command from a fresh start with stdout to /dev/null, sampling its peak RSS (VmHWM). */
export function run(command: Command): Promise<Run> {
  return new Promise((resolve) => {
    const start = performance.now();
    const child = spawn(command.file ?? process.execPath, command.args, {
      cwd: command.cwd,
      stdio: ['ignore', openSync('/dev/null', 'w'), 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    let peakKb = 0;
    let ticks = 0;
    const sampler = setInterval(() => {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        peakKb = Math.max(peakKb, Number(status.match(/VmHWM:\s+(\d+)/)?.[1] ?? 0));
        // Fields 14 and 15 (utime, stime), counted after the command name's closing parenthesis.
        const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        ticks = Math.max(ticks, Number(fields[11]) + Number(fields[12]));
      } catch {
        // exited between samples
      }
    }, 25);
    // A command that cannot start (RP2_US naming nothing) ends the round, not the script.
    child.on('error', (error) => {
      clearInterval(sampler);
      resolve({ ms: 0, cpuMs: 0, peakMb: 0, code: null, stderr: String(error), load: loadAverage() });
    });
    child.on('exit', (code) => {
      clearInterval(sampler);
      resolve({
        ms: performance.now() - start,
        cpuMs: ticks * TICK_MS,
        peakMb: peakKb / 1024,
        code,
        stderr,
        load: loadAverage(),
      });
    });
  });
}

/** The best of some fresh processes: the fastest wall time, the least CPU, the highest peak. */
export function best(all: Run[]): Run {
  const fastest = all.reduce((a, b) => (b.ms < a.ms ? b : a));
  return {
    ...fastest,
    cpuMs: Math.min(...all.map((r) => r.cpuMs)),
    peakMb: Math.max(...all.map((r) => r.peakMb)),
  };
}

/**
 * `runs` rounds of A then B, alternating (a shared machine slows single runs at
 * random: alternating puts both sides in the same minutes); each side's best.
 */
export async function alternating(a: Command, b: Command, runs: number): Promise<[Run, Run, Run[]]> {
  const as: Run[] = [];
  const bs: Run[] = [];
  const rounds: Run[] = [];
  for (let i = 0; i < runs; i++) {
    for (const [args, into] of [
      [a, as],
      [b, bs],
    ] as const) {
      const r = await run(args);
      if (r.code !== 0) return [r, r, rounds];
      into.push(r);
      rounds.push(r);
    }
  }
  return [best(as), best(bs), rounds];
}
