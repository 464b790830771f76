// City, region and coordinates come only from geo headers that the host's edge adds to the
// request (Cloudflare, Netlify, Vercel). Nothing here calls out to an IP service. The handler reads
// them only when the request came through a configured edge or proxy (client-address.ts); a value
// that cannot be stored as it is (a control character, over 100 characters) counts as absent.

import { CONTROL_CHARACTER, unstorableText } from './body.ts';

export interface HostGeo {
  country: string | null;
  city: string | null;
  region: string | null;
  latitude: number | null;
  longitude: number | null;
}

const text = (v: unknown): string | null => {
  if (typeof v !== 'string') return null;
  let s = v.trim();
  try {
    s = decodeURIComponent(s); // Vercel URL-encodes city names ("S%C3%A3o%20Paulo")
  } catch {
    // keep it as sent
  }
  return s && s.length <= 100 && !CONTROL_CHARACTER.test(s) && !unstorableText(s) ? s : null;
};

const coord = (v: unknown, limit: number): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d{1,3}(\.\d+)?\s*$/.test(v) ? Number(v) : NaN;
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
};

const countryCode = (v: unknown): string | null => {
  const s = typeof v === 'string' ? v.trim().toUpperCase() : undefined;
  // Cloudflare uses XX for unknown and T1 for Tor.
  return s && /^[A-Z]{2}$/.test(s) && s !== 'XX' && s !== 'T1' ? s : null;
};

function netlifyGeo(header: string | null): Partial<HostGeo> {
  if (!header) return {};
  try {
    const g = JSON.parse(atob(header)) as {
      city?: string;
      country?: { code?: string };
      subdivision?: { name?: string; code?: string };
      latitude?: number;
      longitude?: number;
    };
    return {
      country: countryCode(g.country?.code),
      city: text(g.city),
      region: text(g.subdivision?.name ?? g.subdivision?.code),
      latitude: coord(g.latitude, 90),
      longitude: coord(g.longitude, 180),
    };
  } catch {
    return {};
  }
}

/** Reads whichever host geo headers are present; the first host that gives a field wins. */
export function geoFromHeaders(h: Headers): HostGeo {
  const netlify = netlifyGeo(h.get('x-nf-geo'));
  return {
    country: countryCode(h.get('cf-ipcountry')) ?? netlify.country ?? countryCode(h.get('x-vercel-ip-country')),
    city: text(h.get('cf-ipcity')) ?? netlify.city ?? text(h.get('x-vercel-ip-city')),
    region: text(h.get('cf-region')) ?? netlify.region ?? text(h.get('x-vercel-ip-country-region')),
    latitude: coord(h.get('cf-iplatitude'), 90) ?? netlify.latitude ?? coord(h.get('x-vercel-ip-latitude'), 90),
    longitude: coord(h.get('cf-iplongitude'), 180) ?? netlify.longitude ?? coord(h.get('x-vercel-ip-longitude'), 180),
  };
}
