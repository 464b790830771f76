import type { PictureImage } from '../contract/site.ts';

/**
 * A content image: AVIF and WebP sources with the original format as fallback when the build made
 * them (core/pipeline/images.ts), width and height always set so nothing shifts while it loads.
 */
export function Picture({ image, sizes, eager = false, className }: { image: PictureImage; sizes: string; eager?: boolean; className?: string }) {
  const img = (
    <img
      src={image.src}
      srcSet={image.srcset}
      sizes={image.srcset ? sizes : undefined}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  );
  if (!image.sources?.length) return img;
  return (
    <picture>
      {image.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
