/**
 * The base of errors that are answers, not faults: a refusal told to the
 * client (ApiError) or a typed outcome of asking the game (GameError). Their
 * stack is never read, and V8 capturing one costs more than the rest of a
 * small request (a refused purchase, a delivery to a player who is away), so
 * none is captured. Faults keep theirs: they are plain Errors, and those are
 * what the error middleware logs with a stack.
 */
export class ExpectedError extends Error {
  constructor(message: string) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
  }
}
