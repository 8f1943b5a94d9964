/**
 * The server of the video benchmark in its own process (`server/main.ts`, as `npm start` runs it,
 * with eight simulated units: sixteen cameras), so that its CPU time is the server's alone: the
 * Node clients and Playwright's side of the browser live in the benchmark's process.
 */
import { signInAdmin } from '../adminApi.ts';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { DEMO_PASSWORD, startSkydeck } from '../e2e/skydeckProcess.ts';

export interface VideoBenchServer {
  url: string;
  password: string;
  /** `/api` call as admin; the envelope's `data`, or a thrown message. */
  api<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T>;
  /** CPU time the server process has used so far, ms. */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** Clock ticks per second of `/proc/<pid>/stat` times. */
function clockTicks(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}

/** User + system CPU of process `pid`, ms (Linux `/proc`). */
function processCpuMs(pid: number, ticksPerS: number): number {
  const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces: utime is field 14,
  // stime field 15 of the line, i.e. the 12th and 13th after ")".
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerS;
}

export async function startVideoBenchServer(): Promise<VideoBenchServer> {
  const server = await startSkydeck({ drones: 8, osdHz: 2 });
  const pid = server.pid;
  if (pid === undefined) throw new Error('the server process has no pid');
  const ticks = clockTicks();
  const { api } = await signInAdmin(server.url, DEMO_PASSWORD);
  return {
    url: server.url,
    password: DEMO_PASSWORD,
    api,
    cpuMs: () => processCpuMs(pid, ticks),
    stop: () => server.dispose(),
  };
}
