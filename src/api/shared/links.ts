/**
 * Links in responses: `{rel, url}` with absolute URLs. The origin is the configured public base URL, or else
 * the request's own scheme and host, so that a client behind any host name can follow every link.
 */
import type { FastifyRequest } from "fastify";
import { BAD_PARAMETER } from "../../errors.js";
import type { AppConfig } from "../../config/load-config.js";
import type { FamilyOptions } from "./families.js";
import { dropKeyParameters } from "../http/key-parameter.js";
import { shownValue } from "../http/shown-value.js";

export interface Link {
  rel: string;
  url: string;
}

/**
 * A Host (or, behind a trusted proxy, X-Forwarded-Host) that may start our links: a name or IPv4 address, or an
 * [IPv6] literal, with an optional port; at most 253 + 6 characters, as DNS allows. Anything else ("a b",
 * 5,000 characters) would put a broken URL in every link and, for E6, build and cache a body per value.
 */
const HOST = /^(?:\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9._~-]{1,253})(?::\d{1,5})?$/;

/** "https://host[:port][/path]" that every link of this request starts with; 400 for a host we cannot link to. */
export function requestOrigin(req: FastifyRequest, config: AppConfig): string {
  if (config.publicBaseUrl !== undefined) return config.publicBaseUrl;
  const host = req.host || "localhost";
  if (!HOST.test(host)) {
    const header = config.trustProxy && req.headers["x-forwarded-host"] !== undefined ? "X-Forwarded-Host" : "Host";
    throw BAD_PARAMETER(`The ${header} header ${shownValue(host)} is no host name: send host[:port], e.g. bus.example.org:8080`);
  }
  const protocol = req.protocol;
  if (protocol !== "http" && protocol !== "https") {
    throw BAD_PARAMETER(`The X-Forwarded-Proto header ${shownValue(String(protocol))} is no scheme of this service: send http or https`);
  }
  return `${protocol}://${host}`;
}

/** Builds the links of one response; holds the family's absolute base, e.g. "http://h/DLKernOpenData/api/v1". */
export class Linker {
  constructor(
    /** Scheme + host (+ path) of links. */
    readonly origin: string,
    /** Origin + core prefix + family segment. */
    readonly base: string,
  ) {}

  link(rel: string, path: string): Link {
    return { rel, url: this.base + path };
  }

  stop(entity: string, stop: string): string {
    return `/haltes/${entity}/${stop}`;
  }
  line(entity: string, line: string): string {
    return `/lijnen/${entity}/${line}`;
  }
  lineDirection(entity: string, line: string, richting: string): string {
    return `/lijnen/${entity}/${line}/lijnrichtingen/${richting}`;
  }
  municipality(nis: number): string {
    return `/gemeenten/${nis}`;
  }
  entity(entity: string): string {
    return `/entiteiten/${entity}`;
  }
  region(code: string): string {
    return `/vervoerregios/${code}`;
  }
  colour(code: string): string {
    return `/kleuren/${code}`;
  }
}

/** The Linker of a request within a family. */
export function linkerFor(req: FastifyRequest, opts: FamilyOptions): Linker {
  const origin = requestOrigin(req, opts.config);
  return new Linker(origin, origin + opts.familyPrefix);
}

/**
 * `{rel: "self"}` for the URL as requested, less every key-like parameter (key-parameter.ts): a link must never
 * leak the caller's key into logs, caches or other people's hands.
 */
export function selfLink(req: FastifyRequest, config: AppConfig): Link {
  return { rel: "self", url: requestOrigin(req, config) + dropKeyParameters(req.url) };
}

