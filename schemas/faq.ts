import { z } from 'zod';

/** A question and answer. In answers, {price.<id>}, {warranty} and {hours} are replaced with the
 *  values of content/site.yaml. */
export const FaqSchema = z.strictObject({
  /** The question as a visitor would ask it. */
  question: z.string().min(10),
  /** The answer, plain text with optional {placeholders}. */
  answer: z.string().min(20),
});
export type Faq = z.output<typeof FaqSchema>;
export const FaqsSchema = z.array(FaqSchema).min(1);
