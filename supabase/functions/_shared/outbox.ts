// The outbox of the leads function: every delivery of a lead (to the form service, Telegram, the
// webhook) is a row of public.leads_outbox, written in the statement that stores the lead, and
// made by whichever instance claims it (FOR UPDATE SKIP LOCKED: never two at once). A failed
// attempt is tried again later, longer and longer apart; a delivery claimed by an instance that
// died is taken again when its claim runs out (docs/decisions/075-leads-outbox-and-alerts.md).
//
// Every delivery is independent (decision 108): each channel has its own `maxOpen` slots, claimed
// for as soon as one is free, so a receiver that hangs holds its own slots and never delays
// another channel, nor a delivery of its own channel while it has a free slot. A channel that
// takes no idempotency key (Telegram) is tried one delivery at a time while it gives no answer:
// every request it got but did not answer may have been shown, and is sent again.

import { attemptDelivery, CHANNELS, deliveryLabel, type AlertChannels, type Channel, type Delivery, type DigestMessage } from './alerts.ts';
import type { Say } from './content.ts';
import type { Query } from './db.ts';
import type { LeadRecord } from './lead-form.ts';
import type { LogError } from './log.ts';
import { CLAIM_DELIVERIES_SQL, MARK_ATTEMPT_FAILED_SQL, MARK_DELIVERED_SQL, RELEASE_CLAIMS_SQL } from './sql.ts';

/** Waits after the 1st, 2nd, … failed attempt: 10 s, 30 s, 1, 2, 5, 10, 30 min, then every hour. */
export const BACKOFF_MS = [10_000, 30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000, 3_600_000] as const;
export const MAX_BACKOFF_MS = 3_600_000;
/** A delivery still failing a week after its lead is given up ('failed'), and shown as such on the dashboard. */
export const GIVE_UP_AFTER_MS = 7 * 86_400_000;

/** Channels whose receiver cannot drop a repeat by its idempotency key: a request sent twice is a message shown twice. */
const WITHOUT_IDEMPOTENCY: ReadonlySet<Channel> = new Set(['telegram']);

export interface OutboxOptions {
  query: Query;
  channels: AlertChannels;
  /** The site's origin, for the dashboard link in an alert ('' for none). */
  siteOrigin?: string;
  /** The owner's words in alerts (the default language's functions.* messages, FunctionsContent). */
  say: Say;
  now?: () => Date;
  logError?: LogError;
  /** Deliveries open at once (sockets to receivers) per channel and instance. */
  maxOpen?: number;
  /** Time limit of one attempt (10 s). */
  timeoutMs?: number;
  backoffMs?: readonly number[];
  /** How long a stop lets the attempts under way wait for their answers before it ends them (2 s). */
  stopGraceMs?: number;
}

export type DrainResult = { delivered: number; failed: number };

export const DEFAULT_MAX_OPEN = 16;

interface Lane {
  /** Attempts under way. */
  open: number;
  /** A claim statement is under way. */
  claiming: boolean;
  /** Something may be due: a lead came in, a drain was asked for, or the last claim filled every free slot. */
  due: boolean;
  /** Whether the receiver answered the latest attempt that ended (any status): false after a time-out or a broken connection. */
  answering: boolean;
}

export type Outbox = ReturnType<typeof createOutbox>;

export function createOutbox(o: OutboxOptions) {
  const now = o.now ?? (() => new Date());
  const maxOpen = Math.max(1, o.maxOpen ?? DEFAULT_MAX_OPEN);
  const timeoutMs = o.timeoutMs ?? 10_000;
  /** How long a claim holds a delivery: longer than an attempt, so that only a dead instance's claim runs out. */
  const claimMs = timeoutMs + 20_000;
  const backoff = o.backoffMs ?? BACKOFF_MS;
  const stopGraceMs = o.stopGraceMs ?? 2_000;
  const logError = o.logError ?? (() => {});
  const channels = CHANNELS.filter((c) => o.channels[c]);
  const lanes = new Map<Channel, Lane>(channels.map((c) => [c, { open: 0, claiming: false, due: false, answering: true }]));
  const stopping = new AbortController();
  let claimsStopped = false;
  /** Claims are made until then (the latest `untilMs` a drain asked for). */
  let claimUntil = -Infinity;
  const tally: DrainResult = { delivered: 0, failed: 0 };
  const work = new Set<Promise<void>>();
  let idleWaiters: (() => void)[] = [];

  const waitAfter = (attempt: number, asked?: number) =>
    Math.min(MAX_BACKOFF_MS, Math.max(backoff[Math.min(attempt, backoff.length) - 1] ?? MAX_BACKOFF_MS, asked ?? 0));

  /** Free slots of a channel: all of them, or one while a channel without idempotency keys gives no answer. */
  const slots = (c: Channel, lane: Lane) => (WITHOUT_IDEMPOTENCY.has(c) && !lane.answering ? 1 : maxOpen) - lane.open;

  async function attempt(d: Delivery, lane: Lane): Promise<void> {
    const result = await attemptDelivery(d, { channels: o.channels, say: o.say, siteOrigin: o.siteOrigin, signal: AbortSignal.any([stopping.signal, AbortSignal.timeout(timeoutMs)]), now: () => now().getTime() });
    lane.answering = result.ok || result.answered;
    const at = now();
    try {
      if (result.ok) {
        await o.query(MARK_DELIVERED_SQL, [d.id, at.toISOString()]);
        tally.delivered++;
      } else {
        const next = new Date(at.getTime() + waitAfter(d.attempts, result.retryAfterMs));
        const error = stopping.signal.aborted ? 'The server stopped during the attempt' : result.error;
        // Sent and not answered: the receiver may have taken it, and the next attempt says it may repeat.
        const unsure = !result.answered && result.sent;
        await o.query(MARK_ATTEMPT_FAILED_SQL, [d.id, d.attempts, next.toISOString(), error, new Date(at.getTime() - GIVE_UP_AFTER_MS).toISOString(), unsure]);
        tally.failed++;
        if (!stopping.signal.aborted) logError(`leads: ${d.channel} delivery of ${deliveryLabel(d)} failed (attempt ${d.attempts})`, error);
      }
    } catch (error) {
      // The attempt's outcome is lost: the claim runs out and the delivery is made again (the
      // receiver drops a repeat by its idempotency key).
      logError(`leads: could not record the ${d.channel} delivery of ${deliveryLabel(d)}`, error);
    }
  }

  function track(p: Promise<void>) {
    work.add(p);
    void p.finally(() => {
      work.delete(p);
      pump();
    });
  }

  async function claim(c: Channel, n: number): Promise<{ at: string; claimed: Delivery[] }> {
    const at = now().toISOString();
    const rows = await o.query(CLAIM_DELIVERIES_SQL, [at, n, claimMs / 1000, c]);
    const claimed = rows.map((r): Delivery => {
      const head = {
        id: Number(r.delivery_id),
        channel: r.channel as Channel,
        idempotencyKey: String(r.idempotency_key),
        attempts: Number(r.attempts),
        maybeDelivered: r.maybe_delivered === true,
      };
      if (r.lead == null) return { ...head, digest: JSON.parse(String(r.digest)) as DigestMessage };
      return { ...head, lead: JSON.parse(String(r.lead)) as LeadRecord };
    });
    return { at, claimed };
  }

  /** Claims for every channel that may have something due and has a free slot; called whenever that may have changed. */
  function pump() {
    for (const [c, lane] of lanes) {
      if (!lane.due || lane.claiming) continue;
      const free = slots(c, lane);
      if (free <= 0) continue;
      if (claimsStopped || Date.now() > claimUntil) {
        lane.due = false;
        continue;
      }
      lane.due = false;
      lane.claiming = true;
      track(
        claim(c, free).then(
          async ({ at, claimed }) => {
            // A stop came while the claim ran: nothing was tried, so nothing is counted as tried.
            if (claimsStopped) {
              if (claimed.length) await o.query(RELEASE_CLAIMS_SQL, [claimed.map((d) => d.id), at]).catch((error) => logError('leads: could not release claimed deliveries', error));
              return;
            }
            for (const d of claimed) {
              lane.open++;
              track(attempt(d, lane).finally(() => void lane.open--));
            }
            // Every free slot filled: more may be due, claimed as slots free up.
            if (claimed.length === free) lane.due = true;
          },
          (error) => logError(`leads: could not claim ${c} deliveries`, error),
        ).finally(() => void (lane.claiming = false)),
      );
    }
    if (work.size === 0) {
      const waiting = idleWaiters;
      idleWaiters = [];
      for (const r of waiting) r();
    }
  }

  return {
    /** The channels configured here, in the order deliveries are made for a new lead. */
    channels,
    /**
     * Makes every delivery due now, each channel on its own slots, and goes on claiming while what
     * it claimed filled them, until `untilMs` (an epoch time) passes; resolves when no attempt is
     * under way and nothing it saw due is left (deliveries that fall due later are the timer's:
     * every 5 s under `site start`, every minute by pg_cron). A call while others run starts
     * claiming at once for every channel with a free slot, and resolves with them.
     */
    drain(untilMs = Infinity): Promise<DrainResult> {
      if (channels.length === 0) return Promise.resolve({ delivered: 0, failed: 0 });
      const start = { ...tally };
      const idle = new Promise<void>((r) => idleWaiters.push(r));
      claimUntil = Math.max(claimUntil, untilMs);
      for (const lane of lanes.values()) lane.due = true;
      pump();
      return idle.then(() => ({ delivered: tally.delivered - start.delivered, failed: tally.failed - start.failed }));
    },
    /**
     * Stops claiming; lets the attempts under way have their answers for `stopGraceMs`, then ends
     * them (recorded as failed, so tried again after a restart). Deliveries not yet tried stay due.
     */
    async stop() {
      claimsStopped = true;
      if (work.size > 0 && stopGraceMs > 0) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([Promise.all([...work]), new Promise<void>((r) => (timer = setTimeout(r, stopGraceMs)))]);
        clearTimeout(timer);
      }
      stopping.abort();
      while (work.size > 0) await Promise.all([...work]);
    },
  };
}
