/**
 * The command line as a newcomer meets it: `--help` on every command (its usage, options and an example, exit 0),
 * `--version`, and mistakes said in one line in the house style, `lijnwijzer <command>: what is wrong: what to do`,
 * never a raw error code or a stack.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/cli/command-help.js";
import { fixture, root, runCli, tempDir } from "./support/run-cli.js";

const version = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }).version;

describe("lijnwijzer --help and --version", () => {
  for (const command of COMMANDS) {
    it(`${command} --help: its usage, options and an example, exit 0`, () => {
      for (const flag of ["--help", "-h"]) {
        const r = runCli([command, flag]);
        expect(r.code).toBe(0);
        expect(r.stdout).toMatch(new RegExp(`^usage: lijnwijzer ${command}\\b`));
        expect(r.stdout).toMatch(new RegExp(`\\n  example: (\\S+=\\S+ )*lijnwijzer ${command}\\b`));
        expect(r.stderr).toBe("");
      }
    });
  }

  it("--help lists every command; help <command> is <command> --help", () => {
    const r = runCli(["--help"]);
    expect(r.code).toBe(0);
    for (const command of COMMANDS) expect(r.stdout).toMatch(new RegExp(`\\n  ${command} +\\S`));
    expect(runCli(["help", "plan"]).stdout).toBe(runCli(["plan", "--help"]).stdout);
  });

  it("--version, -v and version print the package's version", () => {
    for (const flag of ["--version", "-v", "version"]) {
      const r = runCli([flag]);
      expect([r.code, r.stdout]).toEqual([0, `lijnwijzer ${version}\n`]);
    }
  });
});

describe("lijnwijzer mistakes", () => {
  let dir = "";
  let snapshot = "";
  beforeAll(() => {
    dir = tempDir();
    snapshot = join(dir, "expired.snapshot");
    expect(runCli(["import", fixture("expired"), "--out", snapshot, "--reference", "none"]).code).toBe(0);
    mkdirSync(join(dir, "folder"));
    writeFileSync(join(dir, "file.txt"), "not a folder\n");
  });

  /** [arguments, exit code, the one line expected (a RegExp where it names a temporary path)], env. */
  const cases = (): Array<[string[], number, string | RegExp, NodeJS.ProcessEnv?]> => [
    [["frob"], 2, 'lijnwijzer: unknown command "frob": see lijnwijzer --help'],
    [["import"], 2, "lijnwijzer import: needs at least one feed (a GTFS zip, folder or URL): see lijnwijzer import --help"],
    [["import", fixture("minimal")], 2, "lijnwijzer import: needs --out <snapshot file>: see lijnwijzer import --help"],
    [["import", fixture("minimal"), "--out"], 2, "lijnwijzer import: --out needs a value: see lijnwijzer import --help"],
    [["import", fixture("minimal"), "--bogus"], 2, "lijnwijzer import: unknown option --bogus: see lijnwijzer import --help"],
    [["import", fixture("minimal"), "--out", "/missing/dir/x.snapshot"], 1, "lijnwijzer import: --out /missing/dir/x.snapshot: the folder /missing/dir does not exist: create it first (mkdir -p /missing/dir)"],
    [["import", fixture("minimal"), "--out", join(dir, "folder")], 1, `lijnwijzer import: --out ${join(dir, "folder")} is a folder: give a file name, e.g. ${join(dir, "folder", "network.snapshot")}`],
    [["import", fixture("minimal"), "--out", join(dir, "file.txt", "x.snapshot")], 1, `lijnwijzer import: --out ${join(dir, "file.txt", "x.snapshot")}: ${join(dir, "file.txt")} is a file, not a folder: give a path in a folder`],
    [["import", join(dir, "nothing.zip"), "--out", join(dir, "x.snapshot")], 1, /^lijnwijzer import: feed .*nothing\.zip does not exist: give a GTFS zip file or a folder of GTFS \.txt files\n$/],
    [["inspect"], 2, "lijnwijzer inspect: needs a snapshot file: see lijnwijzer inspect --help"],
    [["inspect", join(dir, "folder")], 1, /^lijnwijzer inspect: .*folder/],
    [["serve", "--port", "abc"], 2, 'lijnwijzer serve: --port must be a whole number from 0 to 65535, got "abc"'],
    [["start", "--workers", "many"], 2, /^lijnwijzer start: --workers must be/],
    [["serve", "--bogus"], 2, "lijnwijzer serve: unknown option --bogus: see lijnwijzer serve --help"],
    [["plan"], 2, "lijnwijzer plan: takes one snapshot file: see lijnwijzer plan --help"],
    [["plan", "snap", "--from"], 2, "lijnwijzer plan: --from needs a value: see lijnwijzer plan --help"],
    [["realtime", "snap"], 2, "lijnwijzer realtime: takes a snapshot file and a feed (URL or file): see lijnwijzer realtime --help"],
    [["simulate"], 2, "lijnwijzer simulate: takes one snapshot file: see lijnwijzer simulate --help"],
    [["reload", "--admin-port"], 2, "lijnwijzer reload: --admin-port needs a value: see lijnwijzer reload --help"],
    [["keys"], 2, "lijnwijzer keys: needs an action: add, list, revoke or products: see lijnwijzer keys --help"],
    [["keys", "add"], 1, /^lijnwijzer keys: the folder .*file\.txt of the keys file cannot be created \(EEXIST|ENOTDIR\)/, { KEYS_FILE: join(dir, "file.txt", "keys.json") }],
  ];

  it("each mistake is one line with the command's prefix, no raw error code or stack", () => {
    for (const [args, code, line, env] of cases()) {
      const r = runCli(args, env ?? {});
      const what = args.join(" ");
      expect(r.code, what).toBe(code);
      expect(r.stderr.endsWith("\n") && !r.stderr.slice(0, -1).includes("\n"), `${what}: one line, not ${JSON.stringify(r.stderr)}`).toBe(true);
      if (typeof line === "string") expect(r.stderr, what).toBe(`${line}\n`);
      else expect(r.stderr, what).toMatch(line);
      expect(r.stderr, what).not.toMatch(/^(Error|TypeError)\b|\n\s+at |^E[A-Z]+:/);
    }
  });

  it("keys add makes a missing folder of the keys file, its owner's only", () => {
    const file = join(dir, "etc", "lijnwijzer", "keys.json");
    const r = runCli(["keys", "add"], { KEYS_FILE: file });
    expect(r.code).toBe(0);
    expect(r.stderr.split("\n")[0]).toBe(`created the folder ${join(dir, "etc", "lijnwijzer")} (its owner only)`);
    expect(statSync(join(dir, "etc", "lijnwijzer")).mode & 0o777).toBe(0o700);
    expect(r.stdout.trim()).toMatch(/^\S{20,}$/);
  });

  it("plan says when the network does not run on the day asked, and when a point lies beyond walking from every stop", () => {
    const expired = runCli(["plan", snapshot, "--from", "gtfs:1001", "--to", "gtfs:1003", "--at", "2026-03-03T08:00:00"]);
    expect(expired.code).toBe(0);
    expect(expired.stdout.split("\n")[1]).toBe("the network runs until 2020-06-12: 2026-03-03 is after its last day; import a newer feed");
    const far = runCli(["plan", snapshot, "--from", "10,10", "--to", "gtfs:1003", "--at", "2020-03-03T08:00:00"]);
    expect(far.stdout.split("\n").slice(0, 2)).toEqual([
      "no itinerary from 10,10 to Main St & 5th Ave [1_1003], departing after 2020-03-03T08:00:00 (America/New_York; schedule)",
      "--from lies 8781 km from the nearest stop, Park Av [1_1005]: farther than a plan walks (1.0 km)",
    ]);
  });
});
