/**
 * What a request costs, and how many costly ones a worker runs at once (docs/OPERATIONS.md "Security": the cost
 * model). A cheap request must keep its latency while a few clients ask for megabytes: a list of 100 stops with
 * 100 passages each is 3.7 MB and takes 0.2 to 0.4 s, and four of them at once took a cheap request's median from
 * 3 ms to 1.8 s.
 *
 * A route that can be costly says what a request of it costs in `config.cost(request)`, in passages (a passage
 * listed, or its share of a route plan's work), after its parameters are validated; the route's own limits (a 400
 * above them) live with its parameters. A request of at least HEAVY_COST passages is costly: at most
 * HEAVY_AT_ONCE costly requests run at once per worker, the others wait their turn in order, and one is answered
 * 503 with `Retry-After: 1` when HEAVY_QUEUE already wait or the one waiting longest has waited HEAVY_WAIT_MS: the
 * queue is then not draining. Cheap requests never wait. A costly request's turn ends when its answer is sent or its
 * connection closes.
 *
 * Why a bound in time and not only in count: costly requests start one per event loop turn, so a burst of them
 * waits a few turns even on a server with time to spare. With 16 places and no bound in time, bench:soak's steady
 * load (route plans 5 % of the requests, 55 to 69 a second, the server's CPU at 83 to 95 %) had up to 111 route
 * plans a minute refused; with these bounds, at the same rate in alternating runs, none, and a lower p99
 * (docs/BENCHMARKS.md "Soak").
 */
import type { FastifyPluginCallback, FastifyRequest, preHandlerHookHandler } from "fastify";
import fp from "fastify-plugin";
import { TOO_BUSY } from "../../errors.js";
import { prependRouteHook } from "./route-hooks.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** What a request of the route costs, in passages (request-cost.ts); absent: cheap. */
    cost?: (request: FastifyRequest) => number;
  }
}

/** A request of at least this many passages is costly (about 100 KB of answer, a few milliseconds of work). */
export const HEAVY_COST = 500;
/**
 * Costly requests a worker runs at once. Their work is mostly synchronous (listing, serialising), so one at a time
 * lets the cheap requests that arrive meanwhile run between two costly ones instead of behind all of them.
 */
export const HEAVY_AT_ONCE = 1;
/**
 * Costly requests that may wait their turn at most; one more is a 503. A waiting request holds its parsed request
 * and connection, a few kilobytes, not its answer: the bound is for the worst case, HEAVY_WAIT_MS for the usual one.
 */
export const HEAVY_QUEUE = 256;
/**
 * How long the request waiting longest may have waited before a new costly request is refused (503): the queue is
 * not draining then, and a client told to come back in a second is better served than one left waiting longer.
 */
export const HEAVY_WAIT_MS = 2000;

/** The gate's bounds (request-cost.ts's constants by default; a test may set smaller ones). */
export interface RequestCostOptions {
  queue?: number;
  waitMs?: number;
}

/**
 * A counting semaphore over a FIFO queue, with a bound on the queue, whose turns start in the event loop's check
 * phase (setImmediate), one per loop iteration. Started at once, a costly request that found its turn free ran in
 * the poll phase where it was read, and the next, read in the same poll phase, found the turn free again once the
 * answer before it was sent: the costly requests that arrived together ran back to back, 8 clients' lists a
 * quarter of a second at a time (measured: event loop delay p50 250 ms), and a cheap request read in the same poll
 * phase waited behind all of them. Started from the check phase, each costly request has a whole poll phase after
 * it, which reads and answers the cheap requests that came meanwhile.
 */
class Turns {
  private running = 0;
  private readonly queue: Array<() => void> = [];
  /** When each of `queue` came (performance.now()), in the same order. */
  private readonly since: number[] = [];
  private scheduled = false;

  constructor(
    private readonly maxWaiting: number,
    private readonly maxWaitMs: number,
  ) {}

  /**
   * Calls `go` when a turn is free, in order, never at once; false when the queue is full or not draining (the one
   * waiting longest has waited maxWaitMs): nothing is called then.
   */
  take(go: () => void): boolean {
    const now = performance.now();
    if (this.queue.length >= this.maxWaiting + Math.max(0, HEAVY_AT_ONCE - this.running)) return false;
    if (this.waiting > 0 && now - this.since[0] >= this.maxWaitMs) return false;
    this.queue.push(go);
    this.since.push(now);
    this.schedule();
    return true;
  }

  /** Takes `go` out of the queue if it still waits there (its request went away); true when it did. */
  leave(go: () => void): boolean {
    const i = this.queue.indexOf(go);
    if (i < 0) return false;
    this.queue.splice(i, 1);
    this.since.splice(i, 1);
    return true;
  }

  give(): void {
    this.running--;
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled || this.queue.length === 0 || this.running >= HEAVY_AT_ONCE) return;
    this.scheduled = true;
    setImmediate(this.startNext);
  }

  private readonly startNext = (): void => {
    this.scheduled = false;
    if (this.running >= HEAVY_AT_ONCE) return;
    const next = this.queue.shift();
    if (next === undefined) return;
    this.since.shift();
    this.running++;
    next();
    this.schedule();
  };

  /** Requests waiting for a turn: those queued beyond the free turns about to start. */
  get waiting(): number {
    return Math.max(0, this.queue.length - Math.max(0, HEAVY_AT_ONCE - this.running));
  }
}

const requestCost: FastifyPluginCallback<RequestCostOptions> = (app, opts, done) => {
  const turns = new Turns(opts.queue ?? HEAVY_QUEUE, opts.waitMs ?? HEAVY_WAIT_MS);

  const gate: preHandlerHookHandler = (request, reply, next) => {
    const cost = request.routeOptions.config.cost!(request);
    if (cost < HEAVY_COST) return next();
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      reply.raw.off("close", release);
      turns.give();
    };
    let started = false;
    // Waiting: a client that goes away gives its place up. The listener goes once the request starts: a keep-alive
    // connection carries many requests, and each listener would hold its request until the connection closes.
    const socket = request.raw.socket;
    const leave = () => {
      if (!started) turns.leave(go);
    };
    const go = () => {
      started = true;
      socket.off("close", leave);
      reply.raw.once("close", release);
      next();
    };
    if (!turns.take(go)) {
      reply.header("retry-after", "1");
      return next(TOO_BUSY(String(turns.waiting)));
    }
    if (!started) socket.once("close", leave);
  };

  app.addHook("onRoute", (route) => {
    if (route.config?.cost === undefined) return;
    prependRouteHook(route, "preHandler", gate);
  });
  done();
};

/** The cost gate as a named plugin; register it before the routes. */
export const requestCostPlugin = fp(requestCost, { name: "lijnwijzer-request-cost", fastify: "5.x" });
