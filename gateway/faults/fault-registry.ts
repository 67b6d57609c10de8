/** One injected fault: which requests it hits and what they get instead of (or on top of) the real reply. */
export interface Fault {
  /** Exact path without query, e.g. "/v1/public/time". */
  path: string;
  /** Upper-case method; undefined matches every method. */
  method?: string;
  status?: number;
  /** JSON sent instead of the real reply. */
  body?: unknown;
  /** Raw text sent instead of the real reply (e.g. truncated JSON). */
  rawBody?: string;
  /** Extra response headers (on the injected or on the real reply). */
  headers?: Record<string, string>;
  delayMs?: number;
  /** How many more requests it hits. */
  times: number;
  /** Destroy the socket without replying. */
  drop?: boolean;
  /** When set, only requests whose `x-fault-scope` header equals it are hit, so parallel tests do not see each other's faults. */
  scope?: string;
}

/** The request header that carries a test's fault scope. */
export const FAULT_SCOPE_HEADER = 'x-fault-scope';

/** The test-only list of active faults; the first registered fault that matches a request wins and is used up. */
export class FaultRegistry {
  private faults: Fault[] = [];

  /** Adds a fault. */
  add(fault: Fault): void {
    this.faults.push({ ...fault });
  }

  /** Removes every fault, or only those of one scope. */
  clear(scope?: string): void {
    this.faults = scope === undefined ? [] : this.faults.filter((f) => f.scope !== scope);
  }

  /** How many faults are active. */
  get size(): number {
    return this.faults.length;
  }

  /** Finds the fault for a request, counts one use and forgets it when used up. */
  take(method: string, path: string, scope?: string): Fault | undefined {
    const index = this.faults.findIndex(
      (f) =>
        f.path === path &&
        (f.method === undefined || f.method === method) &&
        (f.scope === undefined || f.scope === scope),
    );
    if (index < 0) return undefined;
    const fault = this.faults[index]!;
    fault.times -= 1;
    if (fault.times <= 0) this.faults.splice(index, 1);
    return fault;
  }
}
