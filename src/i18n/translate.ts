import type { Messages } from '../contract/site.ts';

/** The values a message's {placeholders} stand for. */
export type MessageVars = Record<string, string | number>;

/**
 * The message `key` of a catalogue with its {placeholders} filled from `vars`. A key the catalogue
 * lacks, or a placeholder without a value, throws: the build fails on a typo instead of showing it.
 */
export function translate(messages: Messages, key: string, vars: MessageVars = {}): string {
  const text = messages[key];
  if (text === undefined) throw new Error(`Unknown message key "${key}" (content/messages/*.yaml)`);
  return text.replace(/\{([\w.]+)\}/g, (_, name: string) => {
    const value = vars[name];
    if (value === undefined) throw new Error(`Message "${key}" needs a value for {${name}}`);
    return String(value);
  });
}
