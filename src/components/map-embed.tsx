import { useSite, useT } from './site-context.tsx';

/**
 * The embedded map, loaded only when it comes near the viewport: the static HTML holds an iframe
 * with no src (so no request to the map provider) and the map's address in data-src;
 * src/client/shell.ts gives it its src when it nears the viewport. `loading="lazy"` is a second
 * guard. Without JavaScript the iframe stays hidden (styles.css hides an iframe while it has data-src)
 * and the link under it opens the map instead.
 */
export function MapEmbed() {
  const site = useSite();
  const t = useT();
  const { street, locality, city } = site.address;
  const place = `${site.business.name}, ${street}, ${locality}, ${city}`;
  const mapsLink = `https://www.google.com/maps/search/?api=1&query=${site.geo.latitude},${site.geo.longitude}`;

  return (
    <figure>
      <div className="relative aspect-[4/3] w-full overflow-hidden rounded-xl border border-line bg-surface md:aspect-[16/9]">
        <p className="absolute inset-0 grid place-items-center p-6 text-center text-muted">{t('map.placeholder', { place })}</p>
        <iframe
          data-src={site.mapEmbedUrl}
          title={t('map.title', { place })}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          className="absolute inset-0 h-full w-full border-0"
        />
      </div>      <figcaption className="mt-3 text-sm">
        <a href={mapsLink} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 hover:underline">
          {t('map.open')}<span className="sr-only"> {t('common.opensInNewTab')}</span>
        </a>
      </figcaption>
    </figure>
  );
}
