import { z } from 'zod';

/** A customer review. */
export const TestimonialSchema = z.strictObject({
  /** Unique id, e.g. "t1". */
  id: z.string().min(1),
  /** The review text, in the customer's words. */
  quote: z.string().min(20),
  /** The customer's name as they agreed to show it. */
  name: z.string().min(2),
  /** Their locality in the city, e.g. "Old Town". */
  location: z.string().min(2),
  /** Stars given, 0–5. */
  rating: z.number().int().min(0).max(5),
  /** The service they had, e.g. "Screen Repair". */
  service: z.string().min(2),
  /** Show on the home page. */
  home: z.boolean().default(false),
});
export type Testimonial = z.output<typeof TestimonialSchema>;
export const TestimonialsSchema = z.array(TestimonialSchema).min(1);
