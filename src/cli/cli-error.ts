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
