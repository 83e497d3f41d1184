/** A feature's texts: Russian first, and Uzbek with exactly the same keys. */
export function defineTexts<const Keys extends string>(
  ru: Record<Keys, string>,
  uz: Record<NoInfer<Keys>, string>,
) {
  return { ru, uz };
}
