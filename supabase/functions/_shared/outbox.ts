// The outbox of the leads function: every delivery of a lead (to the form service, Telegram, the
// webhook) is a row of public.leads_outbox, written in the statement that stores the lead, and
// made by whichever instance claims it (FOR UPDATE SKIP LOCKED: never two at once). A failed
// attempt is tried again later, longer and longer apart; a delivery claimed by an instance that
// died is taken again when its claim runs out. At most `maxOpen` deliveries are open at once per
// instance, whatever the number of leads (docs/decisions/075-leads-outbox-and-alerts.md).

import { attemptDelivery, CHANNELS, type AlertChannels, type Channel, type Delivery, type OutgoingLead } from './alerts.ts';
import type { LogError } from './log.ts';
import { ANY_DUE_SQL, CLAIM_DELIVERIES_SQL, MARK_ATTEMPT_FAILED_SQL, MARK_DELIVERED_SQL } from './sql.ts';

type Query = (sql: string, params?: readonly unknown[]) => Promise<readonly Record<string, unknown>[]>;

/** Waits after the 1st, 2nd, … failed attempt: 10 s, 30 s, 1, 2, 5, 10, 30 min, then every hour. */
export const BACKOFF_MS = [10_000, 30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000, 3_600_000] as const;
export const MAX_BACKOFF_MS = 3_600_000;
/** A delivery still failing a week after its lead is given up ('failed'), and shown as such on the dashboard. */
export const GIVE_UP_AFTER_MS = 7 * 86_400_000;

export interface OutboxOptions {
  query: Query;
  channels: AlertChannels;
  /** The site's origin, for the dashboard link in an alert ('' for none). */
  siteOrigin?: string;
  now?: () => Date;
  logError?: LogError;
  /** Deliveries open at once (sockets to receivers) per instance. */
  maxOpen?: number;
  /** Time limit of one attempt. */
  timeoutMs?: number;
  /** How long a claim holds a delivery: longer than an attempt, so that only a dead instance's claim runs out. */
  claimMs?: number;
  backoffMs?: readonly number[];
  giveUpAfterMs?: number;
}

export interface DrainResult {
  delivered: number;
  failed: number;
}

export interface Outbox {
  /** The channels configured here, in the order deliveries are made for a new lead. */
  readonly channels: readonly Channel[];
  /**
   * Makes every delivery due now, and those that fall due while it runs, until none is left or
   * `untilMs` (an epoch time) passes; resolves when its attempts have ended. A call while one
   * runs joins it (and makes it look once more).
   */
  drain(untilMs?: number): Promise<DrainResult>;
  /** Whether a delivery is due now (what the schedule asks before it wakes a function). */
  anyDue(): Promise<boolean>;
  /** Stops claiming, ends the attempts under way (recorded as failed, so tried again after a restart). */
  stop(): Promise<void>;
}

export const DEFAULT_MAX_OPEN = 16;
export const DEFAULT_TIMEOUT_MS = 10_000;

export function createOutbox(o: OutboxOptions): Outbox {
  const now = o.now ?? (() => new Date());
  const maxOpen = Math.max(1, o.maxOpen ?? DEFAULT_MAX_OPEN);
  const timeoutMs = o.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const claimMs = o.claimMs ?? timeoutMs + 20_000;
  const backoff = o.backoffMs ?? BACKOFF_MS;
  const giveUpAfterMs = o.giveUpAfterMs ?? GIVE_UP_AFTER_MS;
  const logError = o.logError ?? (() => {});
  const channels = CHANNELS.filter((c) => o.channels[c]);
  const stopping = new AbortController();

  let open = 0;
  let settled: (() => void)[] = [];
  const oneSettled = () => new Promise<void>((r) => settled.push(r));
  const tally: DrainResult = { delivered: 0, failed: 0 };
  const attempts = new Set<Promise<void>>();

  const waitAfter = (attempt: number, asked?: number) =>
    Math.min(MAX_BACKOFF_MS, Math.max(backoff[Math.min(attempt, backoff.length) - 1] ?? MAX_BACKOFF_MS, asked ?? 0));

  async function attempt(d: Delivery): Promise<void> {
    const result = await attemptDelivery(d, { channels: o.channels, siteOrigin: o.siteOrigin, timeoutMs, signal: stopping.signal, now: () => now().getTime() });
    const at = now();
    try {
      if (result.ok) {
        await o.query(MARK_DELIVERED_SQL, [d.id, at.toISOString()]);
        tally.delivered++;
      } else {
        const next = new Date(at.getTime() + waitAfter(d.attempts, result.retryAfterMs));
        const error = stopping.signal.aborted ? 'The server stopped during the attempt' : result.error;
        await o.query(MARK_ATTEMPT_FAILED_SQL, [d.id, d.attempts, next.toISOString(), error, new Date(at.getTime() - giveUpAfterMs).toISOString()]);
        tally.failed++;
        if (!stopping.signal.aborted) logError(`leads: ${d.channel} delivery of lead ${d.lead.id} failed (attempt ${d.attempts})`, error);
      }
    } catch (error) {
      // The attempt's outcome is lost: the claim runs out and the delivery is made again (the
      // receiver drops a repeat by its idempotency key).
      logError(`leads: could not record the ${d.channel} delivery of lead ${d.lead.id}`, error);
    }
  }

  function launch(d: Delivery) {
    open++;
    const p = attempt(d).finally(() => {
      open--;
      attempts.delete(p);
      const waiting = settled;
      settled = [];
      for (const r of waiting) r();
    });
    attempts.add(p);
  }

  async function claim(n: number): Promise<Delivery[]> {
    const rows = await o.query(CLAIM_DELIVERIES_SQL, [now().toISOString(), n, claimMs / 1000]);
    return rows.map((r) => {
      const lead = JSON.parse(String(r.lead)) as OutgoingLead;
      return {
        id: Number(r.delivery_id),
        channel: r.channel as Channel,
        idempotencyKey: String(r.idempotency_key),
        attempts: Number(r.attempts),
        lead: { ...lead, id: Number(lead.id) },
      };
    });
  }

  let running: Promise<DrainResult> | null = null;
  let again = false;

  /** Claims and launches while deliveries are due, up to `maxOpen` open at once; ends when none is due and none is open. */
  async function pass(untilMs: number): Promise<void> {
    for (;;) {
      if (stopping.signal.aborted || Date.now() > untilMs) break;
      // Claims are made for half the slots or more at a time: one statement per delivery, when
      // every one that ends frees a single slot, cost more than the deliveries.
      if (open > 0 && maxOpen - open < Math.ceil(maxOpen / 2)) {
        await oneSettled();
        continue;
      }
      let claimed: Delivery[];
      try {
        claimed = await claim(maxOpen - open);
      } catch (error) {
        logError('leads: could not claim deliveries', error);
        break;
      }
      for (const d of claimed) launch(d);
      if (claimed.length > 0) continue;
      if (open === 0) break;
      // Nothing due now: wait for what is under way (a new lead's kick may have been missed meanwhile).
      await oneSettled();
    }
    await Promise.all([...attempts]);
  }

  return {
    channels,
    drain(untilMs = Infinity) {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        const start = { ...tally };
        try {
          // A call during a pass (a new lead) makes one more: between its last claim and its end
          // a delivery may have been written. No await lies between this test and `running = null`.
          do {
            again = false;
            await pass(untilMs);
          } while (again && !stopping.signal.aborted && Date.now() <= untilMs);
          return { delivered: tally.delivered - start.delivered, failed: tally.failed - start.failed };
        } finally {
          running = null;
        }
      })();
      return running;
    },
    async anyDue() {
      const [row] = await o.query(ANY_DUE_SQL, [now().toISOString()]);
      return row?.due === true;
    },
    async stop() {
      stopping.abort();
      const waiting = settled;
      settled = [];
      for (const r of waiting) r();
      await Promise.all([...attempts]);
      await running?.catch(() => {});
    },
  };
}
