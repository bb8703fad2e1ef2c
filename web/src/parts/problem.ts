/**
 * What went wrong, said for people: what happened and what to do, and the
 * field it is about when there is one. Every failure a page shows is a
 * Problem: an API answer (api.ts says each status in words), a value a form
 * refuses before sending it (`Problem.at`), anything else (`Problem.from`).
 */
export class Problem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The request's field the problem is about (a form shows it beside that field). */
    readonly field?: string,
    /** Items a sale refused, with the reason of each. */
    readonly refused: Array<{ item: string; reason: string }> = [],
  ) {
    super(message);
  }

  /** The one way an error becomes what a page shows: a Problem as it is; anything else (a mistake in the page) said as one, with its own words for the server owner. */
  static from(error: unknown): Problem {
    if (error instanceof Problem) return error;
    const detail = error instanceof Error ? error.message : String(error);
    return new Problem(0, 'unexpected', `Something went wrong in this page (${detail}). Reload it; if it keeps happening, tell the server owner.`);
  }

  /** A value the form will not send, at its field, shown as the API's refusals are. */
  static at(field: string, message: string): Problem {
    return new Problem(400, 'invalid_field', message, field);
  }
}
