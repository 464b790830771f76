// Forwarding a stored lead to the external form service site.yaml names (the spec's behaviour),
// server-side, with retries. The lead is stored first; this only says how the forward went.

export interface ForwardOptions {
  /** The form service's URL, e.g. https://formsubmit.co/owner@shop.in. */
  url: string;
  /** Attempts in all (default 3). */
  attempts?: number;
  /** Wait before each retry, in ms (default [2000, 8000]); the last value repeats. */
  backoffMs?: readonly number[];
  /** Time limit per attempt, in ms (default 10 s). */
  timeoutMs?: number;
}

export interface ForwardResult {
  ok: boolean;
  attempts: number;
  /** The last failure, one short line, when not ok. */
  error?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * POSTs the form fields as a browser would (urlencoded). A 2xx or 3xx counts as delivered (form
 * services answer a form post with a redirect); a 4xx other than 408/429 is not retried, since
 * sending the same fields again would get the same answer.
 */
export async function forwardLead(fields: [string, string][], opts: ForwardOptions, fetchFn: typeof fetch = fetch): Promise<ForwardResult> {
  const attempts = opts.attempts ?? 3;
  const backoff = opts.backoffMs ?? [2000, 8000];
  let error = '';
  for (let n = 1; n <= attempts; n++) {
    try {
      const res = await fetchFn(opts.url, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html,application/json' },
        body: new URLSearchParams(fields).toString(),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
      await res.body?.cancel().catch(() => {});
      if (res.status < 400) return { ok: true, attempts: n };
      error = `HTTP ${res.status}`;
      if (res.status < 500 && res.status !== 408 && res.status !== 429) return { ok: false, attempts: n, error };
    } catch (e) {
      error = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    }
    if (n < attempts) await sleep(backoff[Math.min(n - 1, backoff.length - 1)] ?? 0);
  }
  return { ok: false, attempts, error: error.slice(0, 300) };
}
