import { arch, cpus, loadavg, platform, totalmem } from 'node:os';

/** Facts about the machine a result was measured on. */
export interface MachineFacts {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  platform: string;
  /** 1-minute load average when the run started: other work on the machine skews every number. */
  load1: number;
}

/** Reads the facts of this machine. */
export function machineFacts(): MachineFacts {
  const list = cpus();
  return {
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${platform()}-${arch()}`,
    load1: Math.round((loadavg()[0] ?? 0) * 100) / 100,
  };
}

/** One line for headers. */
export function describeMachine(facts: MachineFacts): string {
  return `${facts.cpu}, ${facts.cores} cores, ${facts.memoryGiB} GiB, Node ${facts.node}, ${facts.platform}, load ${facts.load1}`;
}
