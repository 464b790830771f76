// What the functions take from content/ (decisions 112, 114): the business's name and origin, the
// languages, the choices the built site's forms offer, and the functions' words in every language.
// On Supabase a function cannot read content/, so `site build` writes this value to
// supabase/functions/_generated/content.json (core/pipeline/functions-content.ts), which the Deno entries import.

/** A choice of a select: the value a form sends, and its label in each language. */
export type Choice = { value: string; label: Record<string, string> };

export interface FunctionsContent {
  /** site.yaml: the business's name as visitors see it, and the site's public origin. */
  site: { name: string; origin: string };
  /** The site's languages, the default first: a page under /<code>/ is in that language. */
  languages: string[];
  /** The choices of the forms' selects as the built site offers them: the contact form's services, the brand form's products. */
  choices: { service: Choice[]; serviceType: Choice[] };
  /** The catalogues' `functions.*` messages by language, keyed without "functions." ("digest.title"). */
  messages: Record<string, Record<string, string>>;
}

/** A message of one language with its {placeholders} filled. */
export type Say = (key: string, vars?: Record<string, string | number>) => string;

/**
 * The words of `lang`, else of the default language. A key no catalogue has is shown as it is:
 * a missing word never costs a lead or a delivery (the unit tests keep every key the functions use in the catalogues).
 */
export function wordsOf(content: FunctionsContent, lang = content.languages[0]!): Say {
  const own = content.messages[lang] ?? {};
  const base = content.messages[content.languages[0]!] ?? {};
  return (key, vars = {}) => (own[key] ?? base[key] ?? key).replace(/\{(\w+)\}/g, (all, name: string) => String(vars[name] ?? all));
}

/** The language of a page of the site: the first segment of its path when that names one, else the default. */
export function languageOf(content: FunctionsContent, pagePath: string | null): string {
  const first = pagePath?.split('/')[1];
  return first && content.languages.includes(first) ? first : content.languages[0]!;
}
