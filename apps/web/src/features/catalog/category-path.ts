export function categoryPath(category: { slug: string }): string {
  return `/category/${category.slug}`;
}
