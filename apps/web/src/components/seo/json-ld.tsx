import { useOrigin } from '../../lib/render-context.ts';

/** A schema.org object for search engines, in a `<script type="application/ld+json">`. */
export function JsonLd({ data }: { data: object }) {
  const json = JSON.stringify(data).replaceAll('<', '\\u003c');
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped cannot close the script
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}

export interface Crumb {
  name: string;
  /** The crumb's path in the shop (`/category/…`). */
  path: string;
}

/** schema.org BreadcrumbList of the trail a page shows above its title. */
export function BreadcrumbJsonLd({ crumbs }: { crumbs: Crumb[] }) {
  const origin = useOrigin();
  return (
    <JsonLd
      data={{
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: crumbs.map((crumb, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          name: crumb.name,
          item: new URL(crumb.path, origin).toString(),
        })),
      }}
    />
  );
}
