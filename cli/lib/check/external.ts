import { setTimeout as sleep } from 'node:timers/promises';
import type { Problem } from '#core/content/problems.ts';
import type { ExternalLinkUse } from './links.ts';
import { pageProblem, type RuleContext } from './site.ts';

export interface ExternalOptions {
  /** Requests in flight at once. */
  concurrency: number;
  /** Per request, in milliseconds. */
  timeout: number;
  /** Extra attempts after a network error, a timeout, 429 or 5xx. */
  retries: number;
}

type Outcome = { ok: true; status: number } | { ok: false; status?: number; error: string };

async function request(url: string, method: 'HEAD' | 'GET', timeout: number): Promise<Response> {
  const res = await fetch(url, { method, redirect: 'follow', signal: AbortSignal.timeout(timeout), headers: { 'user-agent': 'site-check (link checker)' } });
  await res.body?.cancel().catch(() => {});
  return res;
}

/** One URL: HEAD, then GET when HEAD is refused; retried with backoff on transient failures. */
async function probe(url: string, opts: ExternalOptions): Promise<Outcome> {
  let last: Outcome = { ok: false, error: 'not tried' };
  for (let attempt = 0; attempt <= opts.retries; attempt++) {
    if (attempt) await sleep(500 * 2 ** (attempt - 1)); // 0.5 s, doubling each time
    try {
      let res = await request(url, 'HEAD', opts.timeout);
      if (res.status >= 400 && res.status !== 429 && res.status < 500) res = await request(url, 'GET', opts.timeout);
      if (res.status < 400) return { ok: true, status: res.status };
      last = { ok: false, status: res.status, error: `HTTP ${res.status}` };
      if (res.status !== 429 && res.status < 500) return last;
    } catch (err) {
      const e = err as Error & { cause?: { code?: string } };
      last = { ok: false, error: e.name === 'TimeoutError' ? `no answer within ${opts.timeout} ms` : (e.cause?.code ?? e.message) };
    }
  }
  return last;
}

/** Check outbound http(s) links, `concurrency` at a time; one problem per (page, broken URL). */
export async function checkExternal(ctx: RuleContext, uses: Map<string, ExternalLinkUse>, opts: ExternalOptions): Promise<{ problems: Problem[]; checked: number }> {
  const queue = [...uses.values()];
  const problems: Problem[] = [];
  let next = 0;
  const worker = async () => {
    while (next < queue.length) {
      const use = queue[next++]!;
      const outcome = await probe(use.url, opts);
      if (outcome.ok) continue;
      for (const page of use.pages) {
        problems.push(
          pageProblem(ctx, page, {
            rule: 'external-link',
            message: `the outbound link ${use.url} does not answer`,
            expected: 'HTTP status below 400',
            received: outcome.error,
            needles: [use.url],
          }),
        );
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(opts.concurrency, queue.length)) }, worker));
  return { problems, checked: queue.length };
}
