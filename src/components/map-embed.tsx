import { useEffect, useRef, useState } from 'react';
import { useSite } from './site-context.tsx';

/**
 * The embedded map, loaded only when it comes near the viewport: the static HTML holds an iframe
 * with no src (so no request to the map provider), and an IntersectionObserver gives it its src.
 * `loading="lazy"` is a second guard. Without JavaScript the iframe stays hidden and the link
 * under it opens the map instead.
 */
export function MapEmbed() {
  const site = useSite();
  const ref = useRef<HTMLIFrameElement>(null);
  const [src, setSrc] = useState<string | undefined>(undefined);
  const { street, locality, city } = site.address;
  const place = `${site.business.name}, ${street}, ${locality}, ${city}`;
  const mapsLink = `https://www.google.com/maps/search/?api=1&query=${site.geo.latitude},${site.geo.longitude}`;

  useEffect(() => {
    const frame = ref.current;
    if (!frame) return;
    const show = () => setSrc(site.mapEmbedUrl);
    if (typeof IntersectionObserver === 'undefined') return show();
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          show();
        }
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(frame);
    return () => observer.disconnect();
  }, [site.mapEmbedUrl]);

  return (
    <figure>
      <div className="relative aspect-[4/3] w-full overflow-hidden rounded-xl border border-line bg-surface md:aspect-[16/9]">
        <p className="absolute inset-0 grid place-items-center p-6 text-center text-muted">Map of {place}</p>
        <iframe
          ref={ref}
          src={src}
          title={`Map: ${place}`}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          className={`absolute inset-0 h-full w-full border-0 ${src ? '' : 'invisible'}`}
        />
      </div>
      <figcaption className="mt-3 text-sm">
        <a href={mapsLink} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 hover:underline">
          Open our location in Google Maps<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </figcaption>
    </figure>
  );
}
