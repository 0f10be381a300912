/**
 * Query values checked in the form the client sent them, before the schema validator coerces them. Ajv's type
 * coercion is lenient where a client's mistake deserves a 400:
 * - "Infinity", or a number too long for a double, coerces to Infinity, and ajv checks minimum and maximum only
 *   on finite numbers: maxAantalDoorkomsten=Infinity listed every passage of the next 24 hours;
 * - "0x10", "1e1" and " " coerce to 16, 10 and 0;
 * - a parameter given twice arrives as a list, which ajv reports as one value joined with a comma
 *   (`datum "2025-03-12,2025-03-12" is invalid`), a message that hides the mistake.
 * The checks are prepared per route when it is added, from its querystring schema.
 */
import type { FastifyPluginCallback, preValidationHookHandler } from "fastify";
import fp from "fastify-plugin";
import { BAD_PARAMETER } from "../../errors.js";
import { invalidValueMessage } from "./error-handler.js";

/** Up to 15 digits: every such number is an exact (safe) integer, and far above any maximum we set. */
const WHOLE_NUMBER = /^\d{1,15}$/;
const DECIMAL_NUMBER = /^-?\d{1,15}(\.\d{1,15})?$/;

interface QueryProperty {
  type?: string;
}

const strictQuery: FastifyPluginCallback = (app, _opts, done) => {
  app.addHook("onRoute", (route) => {
    const schema = route.schema?.querystring as { properties?: Record<string, QueryProperty> } | undefined;
    const properties = schema?.properties;
    if (!properties) return;
    const checks = Object.entries(properties).map(([name, p]) => ({
      name,
      form: p.type === "integer" ? WHOLE_NUMBER : p.type === "number" ? DECIMAL_NUMBER : undefined,
    }));
    const check: preValidationHookHandler = (request, _reply, next) => {
      const query = request.query as Record<string, unknown>;
      for (const { name, form } of checks) {
        const value = query[name];
        if (value === undefined) continue;
        if (Array.isArray(value)) {
          const shown = value.slice(0, 3).map((v) => JSON.stringify(String(v).slice(0, 64))).join(", ");
          return next(BAD_PARAMETER(`query parameter ${name} is given ${value.length} times (${shown}${value.length > 3 ? ", …" : ""}): give it once`));
        }
        if (form && !form.test(String(value))) return next(BAD_PARAMETER(invalidValueMessage(name, String(value))));
      }
      next();
    };
    const existing = route.preValidation === undefined ? [] : Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation];
    route.preValidation = [check, ...existing];
  });
  done();
};

/** The raw-form checks of query values, as a named plugin; register it before the routes. */
export const strictQueryPlugin = fp(strictQuery, { name: "lijnwijzer-strict-query", fastify: "5.x" });
