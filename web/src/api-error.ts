/** An answer other than 2xx, with the API's `{statusCode, message}` (also an event stream's `fout` and `quota`). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
