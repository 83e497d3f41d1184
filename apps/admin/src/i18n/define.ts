/**
 * A feature's texts: the namespaces it owns, Russian first, and Uzbek with exactly the same keys.
 * Every key starts with one of its namespaces (`overdue.title` under `overdue`), and no namespace
 * has two owners (texts.ts refuses it), so two features can never define the same key.
 */
export function defineTexts<
  const Namespace extends string,
  const Keys extends `${Namespace}.${string}`,
>(namespaces: readonly Namespace[], ru: Record<Keys, string>, uz: Record<NoInfer<Keys>, string>) {
  return { namespaces, ru, uz };
}
