// negotiator (jshttp) ships no types; these are the parts of its API `site start` uses.
declare module 'negotiator' {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | undefined> });
    /** The client's most preferred of `available`; `preferred` breaks ties of equal q-value. */
    encoding(available: readonly string[], options?: { preferred?: readonly string[] }): string | undefined;
  }
}
