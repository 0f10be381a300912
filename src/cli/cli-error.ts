/**
 * A problem the user can fix, said in words: what is wrong and what to do. `main` prints it as
 * `lijnwijzer <command>: <message>` without a stack and exits with `exitCode`.
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = "CliError";
  }
}

/**
 * A mistake on the command line: `lijnwijzer <command>: <problem>: see lijnwijzer <command> --help`, one line,
 * exit 2 (command-help.ts holds what --help prints).
 */
export function usageError(command: string | undefined, problem: string): CliError {
  return new CliError(`${problem}: see lijnwijzer${command ? ` ${command}` : ""} --help`, 2);
}
