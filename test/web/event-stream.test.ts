/**
 * The page's Server-Sent Events parser (web/src/event-stream.ts), on the text the server writes
 * (src/api/shared/event-streams.ts) cut at every place a network may cut it.
 */
import { describe, expect, it } from "vitest";
import { eventStreamParser, type ServerEvent } from "../../web/src/event-stream.js";

function parse(pieces: string[]) {
  const events: ServerEvent[] = [];
  const parser = eventStreamParser((e) => events.push(e));
  for (const p of pieces) parser.push(p);
  return { events, parser };
}

/** What the server sends on connect, a heartbeat, a reload, and an answer after it. */
const STREAM =
  'retry: 2000\nid: 3f2a9eff5075b767\nevent: doorkomsten\ndata: {"a":1}\n\n' +
  ": heartbeat\n\n" +
  'event: netwerk\ndata: {"bericht":"het netwerk is vernieuwd"}\n\n' +
  'id: 0123456789abcdef\nevent: doorkomsten\ndata: {"a":2}\n\n';

const EXPECTED: ServerEvent[] = [
  { event: "doorkomsten", data: '{"a":1}', id: "3f2a9eff5075b767" },
  { event: "netwerk", data: '{"bericht":"het netwerk is vernieuwd"}', id: "3f2a9eff5075b767" },
  { event: "doorkomsten", data: '{"a":2}', id: "0123456789abcdef" },
];

describe("event stream parser", () => {
  it("event stream parser - the server's messages in one piece: events with their id, comments skipped, retry kept", () => {
    const { events, parser } = parse([STREAM]);
    expect(events).toEqual(EXPECTED);
    expect(parser.lastEventId).toBe("0123456789abcdef");
    expect(parser.retryMs).toBe(2000);
  });

  it("event stream parser - cut at every character, the same events", () => {
    for (let i = 1; i < STREAM.length; i++) expect(parse([STREAM.slice(0, i), STREAM.slice(i)]).events).toEqual(EXPECTED);
  });

  it("event stream parser - CRLF and CR line ends, a CRLF cut between two pieces, as the WHATWG interpretation allows", () => {
    const crlf = STREAM.replace(/\n/g, "\r\n");
    expect(parse([crlf]).events).toEqual(EXPECTED);
    for (let i = 1; i < crlf.length; i++) expect(parse([crlf.slice(0, i), crlf.slice(i)]).events).toEqual(EXPECTED);
    expect(parse([STREAM.replace(/\n/g, "\r")]).events).toEqual(EXPECTED);
  });

  it("event stream parser - data lines join with LF, no event name is `message`, an event without data is none, a field without colon is empty", () => {
    const { events } = parse(["data: one\ndata:two\n\nevent: leeg\n\ndata\n\n"]);
    expect(events).toEqual([
      { event: "message", data: "one\ntwo", id: undefined },
      { event: "message", data: "", id: undefined },
    ]);
  });
});
