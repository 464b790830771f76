// Turning request bytes into a JSON value the schema may look at, refusing on the way everything
// that would be altered, that Postgres cannot store, or that costs too much to validate
// (docs/decisions/040-hostile-input.md).

/** A problem with one place of the body, in the shape of the schema's issues. */
export type BodyIssue = { path: string; code: string; message: string };

export const MAX_DEPTH = 8;
export const MAX_MEMBERS = 100;

/** Why a request's body was not read: its media type or charset, its size, or a stream that broke before its end. */
export type BodyProblem = 'type' | 'charset' | 'too-large' | 'unreadable';

/**
 * The body of a request whose media type `accepts` takes (lower-cased, "" when absent) in UTF-8 (or
 * no charset), read to at most `max` bytes; else why not. 'unreadable': the stream broke before its
 * end (a malformed chunk, a client gone mid-body: the server ends such a request, and there is
 * nothing whole to store).
 */
export async function readBody(req: Request, max: number, accepts: (mediaType: string) => boolean): Promise<Uint8Array | BodyProblem> {
  const contentType = req.headers.get('content-type') ?? '';
  if (!accepts(contentType.split(';')[0]?.trim().toLowerCase() ?? '')) return 'type';
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1]?.toLowerCase();
  if (charset && charset !== 'utf-8' && charset !== 'utf8') return 'charset';
  if (Number(req.headers.get('content-length') ?? '0') > max) return 'too-large';
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch {
      return 'unreadable';
    }
    const { done, value } = next;
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => {});
      return 'too-large';
    }
    chunks.push(value);
  }
  return new Uint8Array(await new Blob(chunks as Uint8Array<ArrayBuffer>[]).arrayBuffer());
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
// ignoreBOM: a form's value that starts with U+FEFF keeps it (by default a decoder drops a leading
// byte order mark: "\uFEFFAsha" would be stored as "Asha").
const utf8KeepingBom = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Decodes UTF-8; null when the bytes are not valid UTF-8 (nothing is replaced by U+FFFD). */
export function decodeUtf8(bytes: Uint8Array, keepBom = false): string | null {
  try {
    return (keepBom ? utf8KeepingBom : utf8).decode(bytes);
  } catch {
    return null;
  }
}

/** C0 controls, DEL and C1 controls: never part of a URL, a user agent, a label or a place name. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;
// In a /u expression a well-formed pair is one code point, so \p{Cs} matches lone surrogates only.
const LONE_SURROGATE = /\p{Cs}/u;

/** Why a string cannot be stored as it is, or null. Applies to keys and values alike. */
export function unstorableText(s: string): string | null {
  if (s.includes('\u0000')) return 'Contains U+0000 (NUL), which Postgres cannot store';
  if (LONE_SURROGATE.test(s)) return 'Contains a lone UTF-16 surrogate, which is not a Unicode character';
  return null;
}

/**
 * Walks a parsed JSON value without recursion and returns the first problem: nesting deeper than
 * MAX_DEPTH, more than MAX_MEMBERS object keys and array items in all, or a string or key that
 * Postgres cannot store.
 */
export function checkJsonValue(root: unknown): BodyIssue | null {
  const stack: [value: unknown, depth: number, path: readonly (string | number)[]][] = [[root, 0, []]];
  let members = 0;
  const issue = (path: readonly (string | number)[], code: string, message: string): BodyIssue => ({
    path: path.join('.'),
    code,
    message,
  });
  while (stack.length > 0) {
    const [value, depth, path] = stack.pop()!;
    if (typeof value === 'string') {
      const why = unstorableText(value);
      if (why) return issue(path, 'invalid_string', why);
    } else if (value !== null && typeof value === 'object') {
      if (depth + 1 > MAX_DEPTH) return issue(path, 'too_deep', `JSON may nest at most ${MAX_DEPTH} levels deep`);
      const children: [string | number, unknown][] = Array.isArray(value)
        ? value.map((v, i) => [i, v])
        : Object.keys(value).map((k) => [k, (value as Record<string, unknown>)[k]]);
      members += children.length;
      if (members > MAX_MEMBERS) {
        return issue(path, 'too_big', `JSON may hold at most ${MAX_MEMBERS} object keys and array items in all`);
      }
      for (const [key, child] of children) {
        if (typeof key === 'string') {
          const why = unstorableText(key);
          if (why) return issue([...path, key], 'invalid_key', why);
        }
        stack.push([child, depth + 1, [...path, key]]);
      }
    }
  }
  return null;
}

/** A number's text as digits and a power of ten, without leading or trailing zeros ("1.50e2" → "15e1"). */
function decimal(text: string): string {
  const [, sign, int, frac = '', exp = '0'] = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text)!;
  const all = `${int}${frac}`.replace(/^0+/, '');
  const digits = all.replace(/0+$/, '');
  if (!digits) return '0';
  return `${sign}${digits}e${Number(exp) - frac.length + (all.length - digits.length)}`;
}

// In text that JSON.parse accepted, digits outside strings belong to numbers.
const STRING_OR_NUMBER = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/**
 * The first number in JSON `text` that JSON.parse cannot hold exactly (1e400 becomes Infinity,
 * then null; 9007199254740993 becomes …992), as an issue; null when every number survives. What
 * JavaScript's JSON.stringify writes always survives: it writes the shortest text for a double.
 */
export function checkJsonNumbers(text: string): BodyIssue | null {
  for (const [token] of text.matchAll(STRING_OR_NUMBER)) {
    if (token.startsWith('"')) continue;
    const n = Number(token);
    if (!Number.isFinite(n) || decimal(token) !== decimal(String(n))) {
      const shown = token.length > 40 ? `${token.slice(0, 40)}…` : token;
      return { path: '', code: 'invalid_number', message: `The number ${shown} cannot be stored exactly` };
    }
  }
  return null;
}
