/** The texts of one language as the JSON files hold them: sections nested to the text. */
export type Texts = { [key: string]: string | Texts };

/**
 * What a text is asked for with: values for its `{{name}}` placeholders; `count` also picks a
 * plural form; `defaultValue` answers when the language has no such text.
 */
export interface TOptions {
  count?: number;
  defaultValue?: string;
  [name: string]: string | number | undefined;
}

/** A text by its dot-separated key (`auth.title`), its placeholders filled in. */
export type TFunction = (key: string, options?: TOptions) => string;

/** The texts of one language and what the storefront asks of them. */
export interface Translator {
  readonly language: string;
  t: TFunction;
  /** Whether the language has a text for `key`. */
  exists(key: string): boolean;
  /** Adds texts loaded later (the account texts), keeping any the translator already has. */
  addTexts(texts: Texts): void;
}

/** `base` with the sections and texts of `added` it lacks. */
function merged(base: Texts, added: Texts): Texts {
  const out: Texts = { ...base };
  for (const [key, value] of Object.entries(added)) {
    const have = out[key];
    if (have === undefined) out[key] = value;
    else if (typeof have === 'object' && typeof value === 'object') out[key] = merged(have, value);
  }
  return out;
}

const PLACEHOLDER = /{{\s*(\w+)\s*}}/g;

/**
 * A translator for `language`. With a numeric `count` a text is first looked for under its
 * plural form (`months_one`, `months_few`… as `Intl.PluralRules` names them), then as it is.
 * A missing text is a bug: it is reported on the console, where the journeys look, and the
 * `defaultValue` given, else the key, is shown.
 */
export function createTranslator(language: string, texts: Texts): Translator {
  let store = texts;
  let plurals: Intl.PluralRules | undefined;

  const find = (key: string): string | undefined => {
    let node: string | Texts | undefined = store;
    for (const part of key.split('.')) {
      node = typeof node === 'object' ? node[part] : undefined;
    }
    return typeof node === 'string' ? node : undefined;
  };

  const plural = (key: string, count: number) => {
    // made when first needed: the page's translator has no language until its texts come
    plurals ??= new Intl.PluralRules(language);
    return find(`${key}_${plurals.select(count)}`);
  };

  const translate: TFunction = (key, options = {}) => {
    const { count, defaultValue } = options;
    let text = (typeof count === 'number' ? plural(key, count) : undefined) ?? find(key);
    if (text === undefined) {
      console.error(`Bozor: no text for "${key}"`);
      text = defaultValue ?? key;
    }
    // React escapes what it renders, so values go in as they are; a placeholder with no value
    // given stays as written
    return text.replace(PLACEHOLDER, (placeholder, name: string) =>
      Object.hasOwn(options, name) ? String(options[name] ?? '') : placeholder,
    );
  };

  return {
    language,
    t: translate,
    exists: (key) => find(key) !== undefined,
    addTexts: (added) => {
      store = merged(store, added);
    },
  };
}
