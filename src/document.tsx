import type { ReactNode } from 'react';
import { jsonLdText } from './components/head.tsx';

export interface Assets {
  /** Stylesheet URLs, linked first in <head>. */
  css: string[];
  /** The client entry; loaded as a module script at the end of <body>, so it never delays the first paint. */
  js: string;
}

/**
 * The whole HTML document, rendered on the server only. React hoists each page's <title>, meta and
 * canonical into this <head>; the browser hydrates #root alone.
 */
export function Document({
  assets,
  children,
  hydrationJson,
  businessJsonLd,
  themeColor,
}: {
  assets: Assets;
  children: ReactNode;
  hydrationJson: string;
  businessJsonLd: Record<string, unknown>;
  themeColor: string;
}) {
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {assets.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <meta name="theme-color" content={themeColor} />
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(businessJsonLd) }} />
      </head>
      <body>
        <div id="root">{children}</div>
        <script id="__site_data" type="application/json" dangerouslySetInnerHTML={{ __html: hydrationJson }} />
        <script type="module" src={assets.js} />
      </body>
    </html>
  );
}
