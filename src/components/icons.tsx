import type { SVGProps } from 'react';

import sprite from './icons.svg?no-inline';

/**
 * Outline icons (24×24, stroke) from one sprite, icons.svg (decision 092): each page draws them by
 * reference (<use>) instead of carrying their paths (1 KB of every page's gzip). The sprite is a
 * hashed asset, fetched once and kept for a year; without it the icons stay blank and nothing
 * else changes (they are decoration: aria-hidden). The names are the sprite's symbol ids.
 */
export const ICON_NAMES = [
  'phone', 'chat', 'mail', 'pin', 'clock', 'check', 'star', 'menu', 'close', 'chevron', 'arrow', 'wrench', 'monitor', 'zap', 'volume',
  'cpu', 'truck', 'shield', 'award', 'tag', 'book', 'layers', 'wifi', 'sun', 'users', 'heart', 'bulb', 'home', 'link',
] as const;

/** Drawn inline, not from the sprite: the menu's toggle must show before the sprite has come (they are its symbols too). */
export const INLINE_ICONS: Partial<Record<IconName, string>> = { menu: 'M3 6h18M3 12h18M3 18h18', close: 'M18 6 6 18M6 6l12 12' };

export type IconName = (typeof ICON_NAMES)[number];

/** The stroke style (no fill, round 2 px lines in the text colour) comes from the `icon` class in styles.css. */
export function Icon({ name, className = 'size-5', ...rest }: { name: IconName } & SVGProps<SVGSVGElement>) {
  const path = INLINE_ICONS[name];
  return path ? (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={`icon ${className}`} {...rest}>
      <path d={path} />
    </svg>
  ) : (
    <svg aria-hidden="true" className={`icon ${className}`} {...rest}>
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
